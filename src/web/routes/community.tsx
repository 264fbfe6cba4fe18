import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { LIFETIME, PAGE_SIZE } from '../../contracts/constants.ts';
import { MEMBER_SORTS, type MemberSort, membersPath } from '../../contracts/members.paths.ts';
import type { MembersResponse } from '../../contracts/members.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { ListScreen } from '../components/list-screen.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { ProfileCard, ProfileGrid } from '../components/profile-card.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { parsePage } from '../lib/listing.ts';

// The community (SPEC.md §2 /community/{sort}/{page}/, default recent): members.

function isMemberSort(value: string | undefined): value is MemberSort {
  return value !== undefined && (MEMBER_SORTS as readonly string[]).includes(value);
}

function apiPath(sort: MemberSort, page: number) {
  return membersPath({
    lifetime: LIFETIME.member,
    section: 'all',
    filters: {},
    sort,
    count: PAGE_SIZE.members,
    page,
    query: undefined,
  });
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { sort } = params;
  const page = parsePage(params.page);
  if (!isMemberSort(sort) || page === undefined) throw data(null, { status: 404 });
  const { queryClient } = context.get(appContext);
  await queryClient.ensureQueryData(apiQuery<MembersResponse>(apiPath(sort, page)));
  return { sort, page };
}

export function Component() {
  const { t } = useTranslation();
  const { site } = useGlobals();
  const { sort, page } = useLoaderData<typeof loader>();
  const list = useSuspenseQuery(apiQuery<MembersResponse>(apiPath(sort, page))).data;
  const heading = t(`community.sorts.${sort}`);
  return (
    <>
      <PageMeta
        title={page > 1 ? `${heading} - ${t('pagination.page', { page })}` : heading}
        description={t('community.description', { site: site.name })}
      />
      <ListScreen
        heading={heading}
        formAction="/community/"
        sort={sort}
        sorts={MEMBER_SORTS.map((value) => ({ value, label: t(`community.sorts.${value}`) }))}
        empty={list.members.length > 0 ? undefined : t('community.empty')}
        page={page}
        pages={list.pages}
        href={(n) => `/community/${sort}/${n}/`}
      >
        <ProfileGrid>
          {list.members.map((member) => (
            <ProfileCard
              key={member.user_id}
              href={`/members/${member.user_id}/`}
              image={member.avatar}
              title={member.display_name}
              videos={member.statistics.videos}
            />
          ))}
        </ProfileGrid>
      </ListScreen>
    </>
  );
}

/** `/community/`, `/community/{sort}/` and the sort form: to the first page. */
export function communityRedirectLoader({ params, request }: LoaderFunctionArgs) {
  const sort = params.sort ?? new URL(request.url).searchParams.get('sort') ?? 'latest';
  if (!isMemberSort(sort)) throw data(null, { status: 404 });
  return redirect(`/community/${sort}/1/`);
}
