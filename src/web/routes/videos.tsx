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
import { PAGE_SIZE } from '../../contracts/constants.ts';
import { VIDEO_SORTS, type VideoSort, videos2Path } from '../../contracts/paths.ts';
import type { VideoListResponse } from '../../contracts/video.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { Pagination } from '../components/pagination.tsx';
import { VideoGrid } from '../components/video-grid.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import {
  filtersQuery,
  isVideoSort,
  type ListingFilters,
  listingPath,
  parseFilters,
  parsePage,
} from '../lib/listing.ts';
import styles from './videos.module.css';

// The video listing (SPEC.md §2 /videos/{sort}/{page}/): headline, filter panel (sort,
// date, duration, HD; a change goes back to page 1), thumbs and pagination.

/** Lists change all the time; a short lifetime keeps them fresh and still cached. */
const LIST_LIFETIME = 600;

export function listApiPath(
  gender: Parameters<typeof videos2Path>[0]['gender'],
  sort: VideoSort,
  page: number,
  filters: ListingFilters,
): string {
  return videos2Path({
    lifetime: LIST_LIFETIME,
    gender,
    sort,
    count: PAGE_SIZE.videos,
    section: '',
    objectId: '',
    page,
    type: filters.hd ? 'hd' : 'all',
    duration: filters.duration,
    date: filters.date,
  });
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { sort } = params;
  const page = parsePage(params.page);
  if (!isVideoSort(sort) || page === undefined) throw data(null, { status: 404 });
  const filters = parseFilters(new URL(request.url).searchParams);
  const { queryClient, globals } = context.get(appContext);
  await queryClient.ensureQueryData(
    apiQuery<VideoListResponse>(listApiPath(globals.gender, sort, page, filters)),
  );
  return { sort, page, filters };
}

export function Component() {
  const { t } = useTranslation();
  const { gender, site } = useGlobals();
  const { sort, page, filters } = useLoaderData<typeof loader>();
  const list = useSuspenseQuery(
    apiQuery<VideoListResponse>(listApiPath(gender, sort, page, filters)),
  ).data;
  const submit = useSubmit();
  const heading = t(`sort.${sort}`);
  return (
    <>
      <PageMeta
        title={page > 1 ? `${heading} - ${t('pagination.page', { page })}` : heading}
        description={t('listing.description', { sort: heading, site: site.name })}
      />
      <div className={styles.top}>
        <h1 className={styles.heading}>{heading}</h1>
        <Form
          method="get"
          action="/videos/"
          className={styles.filters}
          aria-label={t('filters.label')}
          onChange={(event) => submit(event.currentTarget)}
        >
          <label>
            <span>{t('filters.sort')}</span>
            <select name="sort" defaultValue={sort}>
              {VIDEO_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`sort.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('filters.date')}</span>
            <select name="date" defaultValue={filters.date}>
              {(['all', 'day', 'week', 'month'] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`filters.dates.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('filters.duration')}</span>
            <select name="duration" defaultValue={filters.duration}>
              {(['', '1', '2', '3'] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`filters.durations.${value || 'any'}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.check}>
            <input type="checkbox" name="hd" value="1" defaultChecked={filters.hd} />
            <span>{t('filters.hd')}</span>
          </label>
          <noscript>
            <button type="submit">{t('filters.apply')}</button>
          </noscript>
        </Form>
      </div>
      {list.videos.length > 0 ? (
        <VideoGrid videos={list.videos} eagerCount={4} />
      ) : (
        <p className={styles.empty}>{t('errors.videos_not_found')}</p>
      )}
      <Pagination
        page={page}
        pages={list.pages}
        href={(number) => listingPath(sort, number, filters)}
      />
    </>
  );
}

/** `/videos/` (and the filter form): to the chosen sort's first page, filters kept. */
export function listingRedirectLoader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const sort = search.get('sort') ?? 'latest-updates';
  if (!isVideoSort(sort)) throw data(null, { status: 404 });
  return redirect(`/videos/${sort}/1/${filtersQuery(parseFilters(search))}`);
}

/** `/videos/{sort}/` goes to its first page; `/latest-updates/` and friends to theirs. */
export function sortRedirectLoader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // `/videos/{sort}/`, or `/{sort}/` and `/history/{page}/` where the sort is the path.
  const sort = params.sort ?? url.pathname.split('/')[1];
  if (!isVideoSort(sort)) throw data(null, { status: 404 });
  const page = params.page === undefined ? 1 : parsePage(params.page);
  if (page === undefined) throw data(null, { status: 404 });
  return redirect(`/videos/${sort}/${page}/${url.search}`);
}
