import { GENDERS, type Gender, LANGUAGES, type Language, SEARCH } from './constants.ts';
import {
  DATE_FILTERS,
  type DateFilter,
  DURATION_FILTERS,
  type DurationFilter,
  type ParseResult,
  parseCount,
  parseLifetime,
  VIDEO_SORTS,
  VIDEO_TYPES,
  type VideoType,
} from './paths.ts';
import { isCleanText } from './text.ts';

// Path grammar of the discovery calls (SPEC.md §7): main, categories, suggester and search.

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

const fail = (field: string, code: 'invalid_params' | 'invalid_sort' = 'invalid_params') =>
  ({ ok: false, code, field }) as const;

export function mainPath(lifetime: number, gender: Gender, lang: Language): string {
  return `/api/json/main/${lifetime}/${gender}.${lang}.json`;
}

/** `{gender}.{lang}.json` of the main call. */
export function parseMain(
  lifetimeRaw: string,
  file: string,
): ParseResult<{ lifetime: number; gender: Gender; lang: Language }> {
  const lifetime = parseLifetime(lifetimeRaw);
  if (lifetime === undefined) return fail('lifetime');
  const match = /^([a-z]{3})\.([a-z]{2})\.json$/.exec(file);
  if (!match) return fail('params');
  const [, gender = '', lang = ''] = match;
  if (!isOneOf(GENDERS, gender)) return fail('gender');
  if (!isOneOf(LANGUAGES, lang)) return fail('lang');
  return { ok: true, value: { lifetime, gender, lang } };
}

/** Sections of the categories call: `` (by title), `popular` (most videos first). */
export const CATEGORY_SECTIONS = ['', 'popular'] as const;
export type CategorySection = (typeof CATEGORY_SECTIONS)[number];

export function categoriesPath(
  lifetime: number,
  gender: Gender,
  section: CategorySection,
  lang: Language,
): string {
  return `/api/json/categories/${lifetime}/${gender}.${section}.${lang}.json`;
}

export function parseCategories(
  lifetimeRaw: string,
  file: string,
): ParseResult<{ lifetime: number; gender: Gender; section: CategorySection; lang: Language }> {
  const lifetime = parseLifetime(lifetimeRaw);
  if (lifetime === undefined) return fail('lifetime');
  const match = /^([a-z]{3})\.([a-z]{0,10})\.([a-z]{2})\.json$/.exec(file);
  if (!match) return fail('params');
  const [, gender = '', section = '', lang = ''] = match;
  if (!isOneOf(GENDERS, gender)) return fail('gender');
  if (!isOneOf(CATEGORY_SECTIONS, section)) return fail('section');
  if (!isOneOf(LANGUAGES, lang)) return fail('lang');
  return { ok: true, value: { lifetime, gender, section, lang } };
}

export function suggesterPath(lifetime: number, count: number): string {
  return `/api/json/suggester/${lifetime}/${count}.json`;
}

export function parseSuggester(
  lifetimeRaw: string,
  file: string,
  maxCount: number,
): ParseResult<{ lifetime: number; count: number }> {
  const lifetime = parseLifetime(lifetimeRaw);
  if (lifetime === undefined) return fail('lifetime');
  const match = /^(\d{1,6})\.json$/.exec(file);
  const count = match ? parseCount(match[1] ?? '', maxCount) : undefined;
  if (count === undefined) return fail('count');
  return { ok: true, value: { lifetime, count } };
}

/** Normalises a query the way keywords are stored: trimmed, lower case, single spaces. */
export function normaliseQuery(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * SPEC.md §5: a search runs for 3 to 69 characters; text no person types (control
 * characters, lone surrogates: contracts/text.ts) is no query at all.
 */
export function isSearchable(query: string): boolean {
  const length = [...query].length;
  return length >= SEARCH.minLength && length <= SEARCH.maxLength && isCleanText(query);
}

export const SEARCH_SORTS = ['relevance', ...VIDEO_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchParams {
  lifetime: number;
  gender: Gender;
  sort: SearchSort;
  count: number;
  page: number;
  type: VideoType;
  duration: DurationFilter;
  date: DateFilter;
  query: string;
}

/** `/api/videos2.php?params={lifetime}/{gender}/{sort}/{count}/search..{page}.{type}.{duration}.{date}&s=` */
export function searchPath(p: SearchParams): string {
  const params = `${p.lifetime}/${p.gender}/${p.sort}/${p.count}/search..${p.page}.${p.type}.${p.duration}.${p.date}`;
  return `/api/videos2.php?params=${params}&s=${encodeURIComponent(p.query)}`;
}

/**
 * The search screen's address for a query (SPEC.md §2: /search/{page}/, query in `s`): what a
 * tag or keyword link opens.
 */
export function searchPagePath(query: string, page = 1): string {
  return `/search/${page}/?s=${encodeURIComponent(query)}`;
}

export function parseSearch(
  paramsRaw: unknown,
  queryRaw: unknown,
  maxCount: number,
): ParseResult<SearchParams> {
  if (typeof paramsRaw !== 'string') return fail('params');
  const match =
    /^(\d{1,10})\/([a-z]{3})\/([a-z-]{1,20})\/(\d{1,6})\/search\.\.(\d{1,9})\.([a-z]{1,10})\.(\d?)\.([a-z]{0,5})(?:\.json)?$/.exec(
      paramsRaw,
    );
  if (!match) return fail('params');
  const [
    ,
    lifetimeRaw = '',
    gender = '',
    sort = '',
    countRaw = '',
    pageRaw = '',
    type = '',
    duration = '',
    date = '',
  ] = match;
  const lifetime = parseLifetime(lifetimeRaw);
  if (lifetime === undefined) return fail('lifetime');
  if (!isOneOf(GENDERS, gender)) return fail('gender');
  if (!isOneOf(SEARCH_SORTS, sort)) return fail('sort', 'invalid_sort');
  const count = parseCount(countRaw, maxCount);
  if (count === undefined) return fail('count');
  const page = Number(pageRaw);
  if (page < 1) return fail('page');
  if (!isOneOf(VIDEO_TYPES, type)) return fail('type');
  if (!isOneOf(DURATION_FILTERS, duration)) return fail('duration');
  if (!isOneOf(DATE_FILTERS, date)) return fail('date');
  if (typeof queryRaw !== 'string') return fail('s');
  const query = normaliseQuery(queryRaw);
  if (!isSearchable(query)) return fail('s');
  return {
    ok: true,
    value: { lifetime, gender, sort, count, page, type, duration, date, query },
  };
}
