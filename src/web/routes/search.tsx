import { useSuspenseQuery } from '@tanstack/react-query';
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { type Gender, PAGE_SIZE } from '../../contracts/constants.ts';
import { isSearchable, normaliseQuery, searchPath } from '../../contracts/discovery.paths.ts';
import type { SearchResponse } from '../../contracts/discovery.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { Pagination } from '../components/pagination.tsx';
import { VideoGrid } from '../components/video-grid.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { parsePage } from '../lib/listing.ts';
import styles from './search.module.css';

// Search results (SPEC.md §2 /search/{page}/, query in s): videos by relevance, related
// searches, pagination. Queries outside 3-69 characters show a hint, not a search.

/** Searches are cached for a while: the same query from many visitors costs one search. */
const SEARCH_LIFETIME = 3600;

function apiPath(gender: Gender, query: string, page: number): string {
  return searchPath({
    lifetime: SEARCH_LIFETIME,
    gender,
    sort: 'relevance',
    count: PAGE_SIZE.videos,
    page,
    type: 'all',
    duration: '',
    date: '',
    query,
  });
}

export function searchPagePath(query: string, page: number): string {
  return `/search/${page}/?s=${encodeURIComponent(query)}`;
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const page = parsePage(params.page);
  if (page === undefined) throw data(null, { status: 404 });
  const query = normaliseQuery(new URL(request.url).searchParams.get('s') ?? '');
  if (!isSearchable(query)) return { query, page, searchable: false };
  const { queryClient, globals } = context.get(appContext);
  await queryClient.ensureQueryData(apiQuery<SearchResponse>(apiPath(globals.gender, query, page)));
  return { query, page, searchable: true };
}

function Results({ query, page }: { query: string; page: number }) {
  const { t } = useTranslation();
  const { gender } = useGlobals();
  const result = useSuspenseQuery(apiQuery<SearchResponse>(apiPath(gender, query, page))).data;
  return (
    <>
      <p className={styles.count}>{t('searchPage.count', { count: Number(result.total_count) })}</p>
      {result.related_searches.length > 0 ? (
        <nav className={styles.related} aria-label={t('searchPage.related')}>
          <span>{t('searchPage.related')}:</span>
          <ul>
            {result.related_searches.map((related) => (
              <li key={related}>
                <Link to={searchPagePath(related, 1)}>{related}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {result.videos.length > 0 ? (
        <VideoGrid videos={result.videos} eagerCount={4} />
      ) : (
        <p className={styles.empty}>{t('errors.videos_not_found')}</p>
      )}
      <Pagination
        page={page}
        pages={result.pages}
        href={(number) => searchPagePath(query, number)}
      />
    </>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { query, page, searchable } = useLoaderData<typeof loader>();
  const heading = searchable ? t('searchPage.heading', { query }) : t('searchPage.title');
  return (
    <>
      <PageMeta title={heading} description={heading} noindex />
      <h1 className={styles.heading}>{heading}</h1>
      {searchable ? (
        <Results query={query} page={page} />
      ) : (
        <p className={styles.empty}>{t('searchPage.hint', { min: 3, max: 69 })}</p>
      )}
    </>
  );
}
