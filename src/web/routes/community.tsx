import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  data,
  Form,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
  useSubmit,
} from 'react-router';
import { LIFETIME, PAGE_SIZE } from '../../contracts/constants.ts';
import { MEMBER_SORTS, type MemberSort, membersPath } from '../../contracts/members.paths.ts';
import type { MembersResponse } from '../../contracts/members.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { Pagination } from '../components/pagination.tsx';
import { ProfileCard, ProfileGrid } from '../components/profile-card.tsx';
import styles from '../components/video-listing.module.css';
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
  const submit = useSubmit();
  const heading = t(`community.sorts.${sort}`);
  return (
    <>
      <PageMeta
        title={page > 1 ? `${heading} - ${t('pagination.page', { page })}` : heading}
        description={t('community.description', { site: site.name })}
      />
      <div className={styles.top}>
        <h1 className={styles.heading}>{heading}</h1>
        <Form
          method="get"
          action="/community/"
          className={styles.filters}
          aria-label={t('filters.label')}
          onChange={(event) => submit(event.currentTarget)}
        >
          <label>
            <span>{t('filters.sort')}</span>
            <select name="sort" defaultValue={sort}>
              {MEMBER_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`community.sorts.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit">{t('filters.apply')}</button>
          </noscript>
        </Form>
      </div>
      {list.members.length > 0 ? (
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
      ) : (
        <p className={styles.empty}>{t('community.empty')}</p>
      )}
      <Pagination page={page} pages={list.pages} href={(n) => `/community/${sort}/${n}/`} />
    </>
  );
}

/** `/community/`, `/community/{sort}/` and the sort form: to the first page. */
export function communityRedirectLoader({ params, request }: LoaderFunctionArgs) {
  const sort = params.sort ?? new URL(request.url).searchParams.get('sort') ?? 'latest';
  if (!isMemberSort(sort)) throw data(null, { status: 404 });
  return redirect(`/community/${sort}/1/`);
}
