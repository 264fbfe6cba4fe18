import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import {
  CATEGORY_SELECTION_MAX,
  type Gender,
  type Language,
  LIFETIME,
  PAGE_SIZE,
} from '../../contracts/constants.ts';
import { categoriesPath } from '../../contracts/discovery.paths.ts';
import type { CategoriesResponse } from '../../contracts/discovery.schema.ts';
import { type VideoSort, videos2Path } from '../../contracts/paths.ts';
import type { VideoListResponse } from '../../contracts/video.schema.ts';
import { isApiError } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { VideoListing } from '../components/video-listing.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import {
  filtersQuery,
  isVideoSort,
  LIST_LIFETIME,
  type ListingFilters,
  parseFilters,
  parsePage,
} from '../lib/listing.ts';
import { itemListLd } from '../lib/structured-data.ts';

// A category listing (SPEC.md §2 /categories/{object_id}/{sort}/{page}/): one to three
// comma-separated category dirs, videos in all of them, with the categories' descriptions.

const DIR = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The category dirs of an object_id segment, or undefined when it is malformed. */
export function parseDirs(objectId: string | undefined): string[] | undefined {
  if (!objectId) return undefined;
  const dirs = objectId.split(',');
  if (dirs.length > CATEGORY_SELECTION_MAX || new Set(dirs).size !== dirs.length) return undefined;
  return dirs.every((dir) => DIR.test(dir)) ? dirs : undefined;
}

export function categoryListPath(
  dirs: string[],
  sort: VideoSort,
  page: number,
  filters: ListingFilters,
) {
  return `/categories/${dirs.join(',')}/${sort}/${page}/${filtersQuery(filters)}`;
}

function apiPath(gender: Gender, dirs: string[], sort: VideoSort, page: number, f: ListingFilters) {
  return videos2Path({
    lifetime: LIST_LIFETIME,
    gender,
    sort,
    count: PAGE_SIZE.videos,
    section: 'categories',
    objectId: dirs.join(','),
    page,
    type: f.hd ? 'hd' : 'all',
    duration: f.duration,
    date: f.date,
    country: f.country || undefined,
  });
}

function indexPath(gender: Gender, lang: Language) {
  return categoriesPath(LIFETIME.video, gender, '', lang);
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const dirs = parseDirs(params.dirs);
  const { sort } = params;
  const page = parsePage(params.page);
  if (!dirs || !isVideoSort(sort) || page === undefined) throw data(null, { status: 404 });
  const filters = parseFilters(new URL(request.url).searchParams);
  const { queryClient, globals } = context.get(appContext);
  try {
    await queryClient.ensureQueryData(
      apiQuery<VideoListResponse>(apiPath(globals.gender, dirs, sort, page, filters)),
    );
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  // Titles and descriptions come from the category index; only what this page shows is
  // kept, so the whole index is not sent along with the page.
  const index = await queryClient.fetchQuery(
    apiQuery<CategoriesResponse>(indexPath(globals.gender, globals.lang)),
  );
  queryClient.removeQueries({
    queryKey: apiQuery(indexPath(globals.gender, globals.lang)).queryKey,
  });
  const categories = dirs.map((dir) => index.categories.find((c) => c.dir === dir));
  return {
    dirs,
    sort,
    page,
    filters,
    titles: categories.map((c, i) => c?.title ?? dirs[i] ?? ''),
    description: categories.length === 1 ? (categories[0]?.description ?? '') : '',
  };
}

export function Component() {
  const { t } = useTranslation();
  const { gender, site } = useGlobals();
  const { dirs, sort, page, filters, titles, description } = useLoaderData<typeof loader>();
  const list = useSuspenseQuery(
    apiQuery<VideoListResponse>(apiPath(gender, dirs, sort, page, filters)),
  ).data;
  const heading = t('categories.heading', {
    categories: titles.join(' + '),
    sort: t(`sort.${sort}`),
  });
  return (
    <>
      <PageMeta
        title={page > 1 ? `${heading} - ${t('pagination.page', { page })}` : heading}
        description={description || t('listing.description', { sort: heading, site: site.name })}
        jsonLd={itemListLd(list.videos, site.url)}
      />
      <VideoListing
        heading={heading}
        description={description}
        list={list}
        sort={sort}
        page={page}
        filters={filters}
        formAction={`/categories/${dirs.join(',')}/`}
        href={(number) => categoryListPath(dirs, sort, number, filters)}
      />
    </>
  );
}

/**
 * `/categories/{dirs}/` (and the filter form) and `/categories/{dirs}/{page}/`: to the
 * listing, sort from the form or latest-updates.
 */
export function categoryRedirectLoader({ params, request }: LoaderFunctionArgs) {
  const dirs = parseDirs(params.dirs);
  const search = new URL(request.url).searchParams;
  // `/categories/{dirs}/{sort}/` names a sort where `/categories/{dirs}/{page}/` names a page.
  const second = params.page;
  const sort = isVideoSort(second) ? second : (search.get('sort') ?? 'latest-updates');
  const page = second === undefined || isVideoSort(second) ? 1 : parsePage(second);
  if (!dirs || !isVideoSort(sort) || page === undefined) throw data(null, { status: 404 });
  return redirect(categoryListPath(dirs, sort, page, parseFilters(search)));
}
