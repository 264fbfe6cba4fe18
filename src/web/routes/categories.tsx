import { useSuspenseQuery } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import {
  CATEGORY_SELECTION_MAX,
  type Gender,
  type Language,
  PAGE_SIZE,
} from '../../contracts/constants.ts';
import { type VideoSort, videos2Path } from '../../contracts/paths.ts';
import type { VideoListResponse } from '../../contracts/video.schema.ts';
import { isApiError } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { ClampedText } from '../components/clamped-text.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { preloadCategoryPanel, VideoListing } from '../components/video-listing.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import {
  categoryListPath,
  isVideoSort,
  LIST_LIFETIME,
  type ListingFilters,
  parseFilters,
  parsePage,
} from '../lib/listing.ts';
import { itemListLd } from '../lib/structured-data.ts';

// A category listing (SPEC.md §2 /categories/{object_id}/{sort}/{page}/): one to three
// comma-separated category dirs, videos in all of them. The list's answer names the chosen
// categories (titles in the page's language, descriptions, counts: SPEC.md §3 "Listing
// response"), so the page needs no other call.

const DIR = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The category dirs of an object_id segment, or undefined when it is malformed. */
export function parseDirs(objectId: string | undefined): string[] | undefined {
  if (!objectId) return undefined;
  const dirs = objectId.split(',');
  if (dirs.length > CATEGORY_SELECTION_MAX || new Set(dirs).size !== dirs.length) return undefined;
  return dirs.every((dir) => DIR.test(dir)) ? dirs : undefined;
}

export { categoryListPath };

/** Called by entry-client.tsx before hydrating: the categories panel is part of the page. */
export const preloadForHydration = preloadCategoryPanel;

function apiPath(
  gender: Gender,
  lang: Language,
  dirs: string[],
  sort: VideoSort,
  page: number,
  f: ListingFilters,
) {
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
    lang,
  });
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
      apiQuery<VideoListResponse>(apiPath(globals.gender, globals.lang, dirs, sort, page, filters)),
    );
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  return { dirs, sort, page, filters };
}

export function Component() {
  const { t } = useTranslation();
  const { gender, lang, site } = useGlobals();
  const { dirs, sort, page, filters } = useLoaderData<typeof loader>();
  const list = useSuspenseQuery(
    apiQuery<VideoListResponse>(apiPath(gender, lang, dirs, sort, page, filters)),
  ).data;
  const chosen = dirs.map(
    (dir) =>
      list.categories.find((c) => c.dir === dir) ?? {
        category_id: '0',
        dir,
        title: dir,
        total_videos: '0',
        description: '',
      },
  );
  const heading = t('listing.categoriesHeading', {
    categories: chosen.map((c) => c.title).join(' + '),
    sort: t(`sort.${sort}`),
  });
  const description = chosen.length === 1 ? (chosen[0]?.description ?? '') : '';
  return (
    <>
      <PageMeta
        title={page > 1 ? `${heading} - ${t('pagination.page', { page })}` : heading}
        description={description || t('listing.description', { sort: heading, site: site.name })}
        jsonLd={itemListLd(list.videos, site.url)}
      />
      <VideoListing
        heading={heading}
        description={
          description ? (
            <ClampedText key={dirs.join()} id="category-description" text={description} />
          ) : null
        }
        list={list}
        sort={sort}
        page={page}
        filters={filters}
        chosen={chosen}
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
