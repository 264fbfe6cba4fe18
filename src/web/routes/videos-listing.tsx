import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import type { VideoSort } from '../../contracts/paths.ts';
import type { VideoListResponse } from '../../contracts/video.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { VideoListing } from '../components/video-listing.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import {
  filtersQuery,
  isVideoSort,
  type ListingFilters,
  listApiPath,
  listingPath,
  parseFilters,
  parsePage,
} from '../lib/listing.ts';
import { itemListLd } from '../lib/structured-data.ts';
import { isVideoId } from '../route-handle.ts';

// The video listing (SPEC.md §2 /videos/{sort}/{page}/): headline, filter panel (sort,
// date, duration, HD; a change goes back to page 1), thumbs and pagination. Its route is
// videos.tsx, which the video page shares: this is the listing's own chunk, so a video
// page does not load it.

export { preloadCategoryPanel } from '../components/video-listing.tsx';

export async function listingLoader({ params, request, context }: LoaderFunctionArgs) {
  const { sort } = params;
  const page = parsePage(params.page);
  if (!isVideoSort(sort) || page === undefined) throw data(null, { status: 404 });
  const filters = parseFilters(new URL(request.url).searchParams);
  const { queryClient, globals } = context.get(appContext);
  const { user } = globals;
  // A visitor's history lives in their browser: the screen reads it there.
  if (sort !== 'history' || user) {
    const history = sort === 'history' && user ? { userId: user.id } : undefined;
    await queryClient.ensureQueryData(
      apiQuery<VideoListResponse>(listApiPath(globals.gender, sort, page, filters, history)),
    );
  }
  return { kind: 'listing' as const, sort, page, filters };
}

// A visitor's history screen is its own chunk: no other listing needs it.
const BrowserHistory = lazy(() => import('./browser-history.tsx'));

export function Listing(props: { sort: VideoSort; page: number; filters: ListingFilters }) {
  const { user } = useGlobals();
  if (props.sort === 'history' && !user) {
    return (
      <Suspense fallback={null}>
        <BrowserHistory page={props.page} filters={props.filters} />
      </Suspense>
    );
  }
  return <ServerListing {...props} />;
}

function ServerListing({
  sort,
  page,
  filters,
}: {
  sort: VideoSort;
  page: number;
  filters: ListingFilters;
}) {
  const { t } = useTranslation();
  const { gender, site, user } = useGlobals();
  const history = sort === 'history' && user ? { userId: user.id } : undefined;
  const list = useSuspenseQuery(
    apiQuery<VideoListResponse>(listApiPath(gender, sort, page, filters, history)),
  ).data;
  const heading = t(`sort.${sort}`);
  return (
    <>
      <PageMeta
        title={page > 1 ? `${heading} - ${t('pagination.page', { page })}` : heading}
        description={t('listing.description', { sort: heading, site: site.name })}
        jsonLd={itemListLd(list.videos, site.url)}
        // A member's history is theirs alone.
        noindex={history !== undefined}
      />
      <VideoListing
        heading={heading}
        list={list}
        sort={sort}
        page={page}
        filters={filters}
        // A member's history is theirs, not a choice of categories.
        chosen={history ? undefined : []}
        formAction="/videos/"
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
export async function sortRedirectLoader(args: LoaderFunctionArgs) {
  const { params, request } = args;
  // `/videos/{id}/`: the video page without its dir goes to its canonical address.
  if (isVideoId(params.sort)) return (await import('./video.tsx')).videoLoader(args);
  const url = new URL(request.url);
  // `/videos/{sort}/`, or `/{sort}/` and `/history/{page}/` where the sort is the path.
  const sort = params.sort ?? url.pathname.split('/')[1];
  if (!isVideoSort(sort)) throw data(null, { status: 404 });
  const page = params.page === undefined ? 1 : parsePage(params.page);
  if (page === undefined) throw data(null, { status: 404 });
  return redirect(`/videos/${sort}/${page}/${url.search}`);
}
