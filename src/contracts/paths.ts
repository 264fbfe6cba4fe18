import type { Gender, Language } from './constants.ts';
import { foldersMatch, thousandsFolder } from './folders.ts';

// Builders of the JSON API paths of SPEC.md §7, used by the web app and the tests, so that a
// path is spelled in one place. The server parses the same grammar in src/server/api/.

export const VIDEO_SORTS = [
  'latest-updates',
  'top-rated',
  'most-popular',
  'most-commented',
  'most-favourited',
  'longest',
  /** Newest added first in a member's list (history, favourites, watch later). */
  'history',
] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];

/**
 * Sections of a videos2 call and what their object_id names:
 * `` every video; `categories` up to 3 comma-separated category dirs (videos in all of
 * them); `models` a model dir; `channels` a channel dir; `playlists` a playlist id (in the
 * playlist's order); `members` a member id (uploads); `favourites`, `history`,
 * `watch-later` a member id (their lists, newest added first by default); `top-country` a
 * two-letter country code (videos from that country); `ids` up to 60 comma-separated video
 * ids, answered in that order (a visitor's history, kept in the browser).
 */
export const VIDEO_SECTIONS = [
  '',
  'categories',
  'models',
  'channels',
  'playlists',
  'members',
  'favourites',
  'history',
  'watch-later',
  'top-country',
  'ids',
] as const;
export type VideoSection = (typeof VIDEO_SECTIONS)[number];

export const VIDEO_TYPES = ['all', 'ch', 'hd'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

export const DURATION_FILTERS = ['', '1', '2', '3'] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number];

export const DATE_FILTERS = ['', 'day', 'week', 'month', 'all'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

export interface Videos2Params {
  lifetime: number;
  gender: Gender;
  sort: VideoSort;
  count: number;
  section: VideoSection;
  objectId: string;
  page: number;
  type: VideoType;
  duration: DurationFilter;
  date: DateFilter;
  /** Only videos from this country (two-letter code), with any section: `?country=`. */
  country?: string | undefined;
  /** The language of the `categories` titles in the answer: `?lang=` (English when absent). */
  lang?: Language | undefined;
}

export function videos2Path(p: Videos2Params): string {
  const query = new URLSearchParams();
  if (p.country) query.set('country', p.country);
  // English is the answer's default (DEFAULT_LANGUAGE): one address for one answer.
  if (p.lang && p.lang !== 'en') query.set('lang', p.lang);
  const search = query.size > 0 ? `?${query}` : '';
  return `/api/json/videos2/${p.lifetime}/${p.gender}/${p.sort}/${p.count}/${p.section}.${p.objectId}.${p.page}.${p.type}.${p.duration}.${p.date}.json${search}`;
}

/** The `country` query value of a list call: a two-letter code, or nothing. */
export function parseCountryQuery(raw: unknown): ParseResult<string | undefined> {
  if (raw === undefined || raw === '') return { ok: true, value: undefined };
  if (typeof raw === 'string' && /^[a-z]{2}$/.test(raw)) return { ok: true, value: raw };
  return { ok: false, code: 'invalid_params', field: 'country' };
}

const LIFETIME_RE = /^\d{1,10}$/;
const COUNT_RE = /^\d{1,6}$/;
const VIDEOS2_TAIL_RE =
  /^([a-z_-]{0,20})\.([a-z0-9,_-]{0,700})\.(\d{1,9})\.([a-z-]{1,10})\.(\d?)\.([a-z]{0,5})\.json$/;

export type ParseResult<T> =
  | { ok: true; value: T }
  | { ok: false; code: 'invalid_params' | 'invalid_sort'; field: string };

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** Parses the `{lifetime}` segment: any non-negative integer of at most ten digits. */
export function parseLifetime(raw: string): number | undefined {
  return LIFETIME_RE.test(raw) ? Number(raw) : undefined;
}

/** Parses a `{count}` segment, clamping large asks to `max`; 0 and garbage are refused. */
export function parseCount(raw: string, max: number): number | undefined {
  if (!COUNT_RE.test(raw)) return undefined;
  const count = Number(raw);
  return count < 1 ? undefined : Math.min(count, max);
}

/** Parses the segments of a videos2 path (SPEC.md §7) without I/O. */
export function parseVideos2(
  segments: { lifetime: string; gender: string; sort: string; count: string; tail: string },
  genders: readonly Gender[],
  maxCount: number,
): ParseResult<Videos2Params> {
  const lifetime = parseLifetime(segments.lifetime);
  if (lifetime === undefined) return { ok: false, code: 'invalid_params', field: 'lifetime' };
  if (!isOneOf(genders, segments.gender))
    return { ok: false, code: 'invalid_params', field: 'gender' };
  if (!isOneOf(VIDEO_SORTS, segments.sort))
    return { ok: false, code: 'invalid_sort', field: 'sort' };
  const count = parseCount(segments.count, maxCount);
  if (count === undefined) return { ok: false, code: 'invalid_params', field: 'count' };
  const tail = VIDEOS2_TAIL_RE.exec(segments.tail);
  if (!tail) return { ok: false, code: 'invalid_params', field: 'params' };
  const [, section = '', objectId = '', pageRaw = '', type = '', duration = '', date = ''] = tail;
  if (!isOneOf(VIDEO_SECTIONS, section)) {
    return { ok: false, code: 'invalid_params', field: 'section' };
  }
  const page = Number(pageRaw);
  if (page < 1) return { ok: false, code: 'invalid_params', field: 'page' };
  if (!isOneOf(VIDEO_TYPES, type)) return { ok: false, code: 'invalid_params', field: 'type' };
  if (!isOneOf(DURATION_FILTERS, duration)) {
    return { ok: false, code: 'invalid_params', field: 'duration' };
  }
  if (!isOneOf(DATE_FILTERS, date)) return { ok: false, code: 'invalid_params', field: 'date' };
  return {
    ok: true,
    value: {
      lifetime,
      gender: segments.gender,
      sort: segments.sort,
      count,
      section,
      objectId,
      page,
      type,
      duration,
      date,
    },
  };
}

/** `/api/json/video/{lifetime}/{e6}/{e3}/{id}.json` */
export function videoPath(lifetime: number, id: number): string {
  return `/api/json/video/${lifetime}/${thousandsFolder(id)}/${id}.json`;
}

/** `/api/json/videos_related2/{lifetime}/{count}/{e6}/{e3}/{id}.{type}.{page}.json` */
export function relatedPath(
  lifetime: number,
  count: number,
  id: number,
  page: number,
  type: VideoType = 'all',
): string {
  return `/api/json/videos_related2/${lifetime}/${count}/${thousandsFolder(id)}/${id}.${type}.${page}.json`;
}

const ID_RE = /^[1-9]\d{0,9}$/;

/** A positive object id of at most ten digits that fits an `integer` column. */
export function parseId(raw: string): number | undefined {
  if (!ID_RE.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
}

/** Parses `{id}.json` or `{id}.{type}.{page}.json` under matching `{e6}/{e3}` folders. */
export function parseFoldered(
  e6: string,
  e3: string,
  file: string,
  withTypeAndPage: boolean,
): ParseResult<{ id: number; type: VideoType; page: number }> {
  const match = withTypeAndPage
    ? /^(\d{1,10})\.([a-z-]{1,10})\.(\d{1,9})\.json$/.exec(file)
    : /^(\d{1,10})\.json$/.exec(file);
  if (!match) return { ok: false, code: 'invalid_params', field: 'params' };
  const id = parseId(match[1] ?? '');
  if (id === undefined) return { ok: false, code: 'invalid_params', field: 'video_id' };
  if (!foldersMatch(id, e6, e3)) return { ok: false, code: 'invalid_params', field: 'folder' };
  const type = match[2] ?? 'all';
  if (!isOneOf(VIDEO_TYPES, type)) return { ok: false, code: 'invalid_params', field: 'type' };
  const page = Number(match[3] ?? '1');
  if (page < 1) return { ok: false, code: 'invalid_params', field: 'page' };
  return { ok: true, value: { id, type, page } };
}
