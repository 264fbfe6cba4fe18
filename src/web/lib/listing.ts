import { COUNTRY_CODES, MAX_PAGE, PAGE_SIZE } from '../../contracts/constants.ts';
import {
  DATE_FILTERS,
  type DateFilter,
  DURATION_FILTERS,
  type DurationFilter,
  VIDEO_SORTS,
  type VideoSort,
  videos2Path,
} from '../../contracts/paths.ts';

// The video listing screens' URL state (SPEC.md §2 /videos/{sort}/{page}/): the sort and
// page in the path, the filter panel's choices in the query string.

/** Lists change all the time; a short lifetime keeps them fresh and still cached. */
export const LIST_LIFETIME = 600;

export interface ListingFilters {
  date: Exclude<DateFilter, ''>;
  duration: DurationFilter;
  hd: boolean;
  /** A two-letter country code, or '' for every country. */
  country: string;
}

export const DEFAULT_FILTERS: ListingFilters = {
  date: 'all',
  duration: '',
  hd: false,
  country: '',
};

export function isVideoSort(value: string | undefined): value is VideoSort {
  return value !== undefined && (VIDEO_SORTS as readonly string[]).includes(value);
}

/** A page segment: a whole number from 1 to MAX_PAGE, written without leading zeros. */
export function parsePage(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9]\d{0,5}$/.test(value)) return undefined;
  const page = Number(value);
  return page <= MAX_PAGE ? page : undefined;
}

/** Filters from a query string; unknown values fall back to "any". */
export function parseFilters(search: URLSearchParams): ListingFilters {
  const date = search.get('date') ?? '';
  const duration = search.get('duration') ?? '';
  const country = search.get('country') ?? '';
  return {
    date:
      (DATE_FILTERS as readonly string[]).includes(date) && date !== ''
        ? (date as ListingFilters['date'])
        : 'all',
    duration: (DURATION_FILTERS as readonly string[]).includes(duration)
      ? (duration as DurationFilter)
      : '',
    hd: search.get('hd') === '1',
    country: (COUNTRY_CODES as readonly string[]).includes(country) ? country : '',
  };
}

/** The query string of non-default filters (`?date=week&hd=1`), or ''. */
export function filtersQuery(filters: ListingFilters): string {
  const params = new URLSearchParams();
  if (filters.date !== 'all') params.set('date', filters.date);
  if (filters.duration !== '') params.set('duration', filters.duration);
  if (filters.hd) params.set('hd', '1');
  if (filters.country !== '') params.set('country', filters.country);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function listingPath(sort: VideoSort, page: number, filters: ListingFilters): string {
  return `/videos/${sort}/${page}/${filtersQuery(filters)}`;
}

/** A listing of one to three categories (SPEC.md §2 /categories/{object_id}/{sort}/{page}/). */
export function categoryListPath(
  dirs: readonly string[],
  sort: VideoSort,
  page: number,
  filters: ListingFilters,
): string {
  return `/categories/${dirs.join(',')}/${sort}/${page}/${filtersQuery(filters)}`;
}

/**
 * The listing's data call. The history sort lists a member's server history (SPEC.md §7
 * History: lifetime 0) or, for a visitor, the videos of a page of their browser history.
 */
export function listApiPath(
  gender: Parameters<typeof videos2Path>[0]['gender'],
  sort: VideoSort,
  page: number,
  filters: ListingFilters,
  history?: { userId: number } | { ids: number[] },
): string {
  const own = history && 'userId' in history;
  return videos2Path({
    lifetime: history ? 0 : LIST_LIFETIME,
    gender,
    sort,
    count: PAGE_SIZE.videos,
    section: history ? (own ? 'history' : 'ids') : '',
    objectId: history ? (own ? String(history.userId) : history.ids.join(',')) : '',
    // A browser history page is fetched as the first page of its own ids.
    page: history && !own ? 1 : page,
    type: filters.hd ? 'hd' : 'all',
    duration: filters.duration,
    date: filters.date,
    country: filters.country || undefined,
  });
}
