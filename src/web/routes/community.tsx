import { useSuspenseQuery } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { LIFETIME, PAGE_SIZE } from '../../contracts/constants.ts';
import {
  isMemberFilterValue,
  MEMBER_SORTS,
  type MemberFilterKey,
  type MemberFilters,
  type MemberSort,
  membersPath,
} from '../../contracts/members.paths.ts';
import type { MembersResponse } from '../../contracts/members.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { ListScreen } from '../components/list-screen.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { ProfileCard, ProfileGrid } from '../components/profile-card.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { countryOptions } from '../lib/country.ts';
import { parsePage } from '../lib/listing.ts';
import { filtersQuery, readFilters } from '../lib/query-filters.ts';

// The community (SPEC.md §2 /community/{sort}/{page}/, default recent): members, with the
// member filters of SPEC.md §3 in the query string.

const DEFAULT_SORT: MemberSort = 'recent';

function isMemberSort(value: string | undefined): value is MemberSort {
  return value !== undefined && (MEMBER_SORTS as readonly string[]).includes(value);
}

/** The member filters of SPEC.md §3 a visitor picks (object_id belongs to the API). */
const FILTER_KEYS = [
  'country',
  'gender',
  'age',
  'relationship',
  'avatar',
  'orientation',
] as const satisfies readonly MemberFilterKey[];

const parseQueryFilters = (search: URLSearchParams): MemberFilters =>
  readFilters(search, FILTER_KEYS, isMemberFilterValue);

function apiPath(sort: MemberSort, page: number, filters: MemberFilters) {
  return membersPath({
    lifetime: LIFETIME.member,
    section: 'all',
    filters,
    sort,
    count: PAGE_SIZE.members,
    page,
    query: undefined,
  });
}

/** The sort was called `latest` before SPEC.md's `recent`: old links still arrive. */
const OLD_DEFAULT = 'latest';

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { sort } = params;
  const page = parsePage(params.page);
  const url = new URL(request.url);
  if (sort === OLD_DEFAULT && page !== undefined) {
    throw redirect(`/community/${DEFAULT_SORT}/${page}/${url.search}`, 301);
  }
  if (!isMemberSort(sort) || page === undefined) throw data(null, { status: 404 });
  const filters = parseQueryFilters(url.searchParams);
  const { queryClient } = context.get(appContext);
  await queryClient.ensureQueryData(apiQuery<MembersResponse>(apiPath(sort, page, filters)));
  return { sort, page, filters };
}

export function Component() {
  const { t, i18n } = useTranslation();
  const { site } = useGlobals();
  const { sort, page, filters } = useLoaderData<typeof loader>();
  const list = useSuspenseQuery(apiQuery<MembersResponse>(apiPath(sort, page, filters))).data;
  const values = (keys: readonly string[], prefix: string) =>
    keys.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const fields: Record<
    (typeof FILTER_KEYS)[number],
    { label: string; options: { value: string; label: string }[] }
  > = {
    country: { label: t('profile.country'), options: countryOptions(i18n.language) },
    gender: { label: t('facts.gender'), options: values(['1', '2', '3'], 'values.genders') },
    age: { label: t('facts.age'), options: values(['1', '2', '3', '4'], 'models.ages') },
    relationship: {
      label: t('facts.relationship'),
      options: values(['1', '2', '3'], 'values.relationships'),
    },
    avatar: { label: t('facts.avatar'), options: values(['1', '2'], 'values.avatar') },
    orientation: {
      label: t('facts.orientation'),
      options: values(['1', '2', '3', '4', '5'], 'values.orientations'),
    },
  };
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
        fields={FILTER_KEYS.map((key) => (
          <FilterSelect
            key={key}
            name={key}
            label={fields[key].label}
            value={filters[key]}
            options={fields[key].options}
          />
        ))}
        empty={list.members.length > 0 ? undefined : t('community.empty')}
        page={page}
        pages={list.pages}
        href={(n) => `/community/${sort}/${n}/${filtersQuery(filters, FILTER_KEYS)}`}
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

/** `/community/`, `/community/{sort}/` and the filter form: to the first page of the choice. */
export function communityRedirectLoader({ params, request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const asked = params.sort ?? search.get('sort') ?? DEFAULT_SORT;
  const sort = asked === OLD_DEFAULT ? DEFAULT_SORT : asked;
  if (!isMemberSort(sort)) throw data(null, { status: 404 });
  return redirect(`/community/${sort}/1/${filtersQuery(parseQueryFilters(search), FILTER_KEYS)}`);
}
