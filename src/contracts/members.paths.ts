import { COMMENT_SECTIONS, type CommentSection } from './constants.ts';
import { thousandsFolder } from './folders.ts';
import { type ParseResult, parseCount, parseFoldered, parseLifetime } from './paths.ts';

// Path grammar of the member, comment and subscription calls (SPEC.md §3, §7).

/** The seven member filter slots of `filt…`, in path order (SPEC.md §3). */
export const MEMBER_FILTER_KEYS = [
  'country',
  'gender',
  'age',
  'relationship',
  'avatar',
  'orientation',
  'object_id',
] as const;
export type MemberFilterKey = (typeof MEMBER_FILTER_KEYS)[number];
export type MemberFilters = Partial<Record<MemberFilterKey, string>>;

const SLOT_VALUES: Record<MemberFilterKey, RegExp> = {
  country: /^[a-z]{2}$/,
  gender: /^[1-3]$/,
  age: /^[1-4]$/,
  relationship: /^[1-3]$/,
  avatar: /^[12]$/,
  orientation: /^[1-5]$/,
  object_id: /^[1-9]\d{0,9}$/,
};

/** True when `value` is one the member filter `key` accepts. */
export function isMemberFilterValue(key: MemberFilterKey, value: string): boolean {
  return SLOT_VALUES[key].test(value) && (key !== 'object_id' || Number(value) <= 2_147_483_647);
}

/**
 * Sections: `all` active members; `friends`, `subscribers` and `subscriptions` of the
 * member in the object_id slot.
 */
export const MEMBER_SECTIONS = ['all', 'friends', 'subscribers', 'subscriptions'] as const;
export type MemberSection = (typeof MEMBER_SECTIONS)[number];

/** SPEC.md §2: the community's default sort is `recent` (newest members first). */
export const MEMBER_SORTS = [
  'recent',
  'most-popular',
  'most-videos',
  'alphabetical',
  'last-login',
] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

export interface MembersParams {
  lifetime: number;
  section: MemberSection;
  filters: MemberFilters;
  sort: MemberSort;
  count: number;
  page: number;
  /** Username search, already normalised (3-69 characters) or undefined. */
  query: string | undefined;
}

export function membersPath(p: MembersParams): string {
  const slots = MEMBER_FILTER_KEYS.map((key) => `.${p.filters[key] ?? ''}`).join('');
  const q = p.query ? `?q=${encodeURIComponent(p.query)}` : '';
  return `/api/json/members/${p.lifetime}/${p.section}/filt${slots}/${p.sort}/${p.count}/${p.page}.json${q}`;
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function parseMemberFilters(raw: string): MemberFilters | undefined {
  if (!raw.startsWith('filt')) return undefined;
  const slots = raw.slice(4).split('.');
  if (slots.length !== MEMBER_FILTER_KEYS.length + 1 || slots[0] !== '') return undefined;
  const filters: MemberFilters = {};
  for (const [index, key] of MEMBER_FILTER_KEYS.entries()) {
    const value = slots[index + 1] ?? '';
    if (value === '') continue;
    if (!isMemberFilterValue(key, value)) return undefined;
    filters[key] = value;
  }
  return filters;
}

export function parseMembers(
  segments: {
    lifetime: string;
    section: string;
    filt: string;
    sort: string;
    count: string;
    file: string;
  },
  queryRaw: unknown,
  maxCount: number,
): ParseResult<MembersParams> {
  const lifetime = parseLifetime(segments.lifetime);
  if (lifetime === undefined) return { ok: false, code: 'invalid_params', field: 'lifetime' };
  if (!isOneOf(MEMBER_SECTIONS, segments.section)) {
    return { ok: false, code: 'invalid_params', field: 'section' };
  }
  const filters = parseMemberFilters(segments.filt);
  if (!filters) return { ok: false, code: 'invalid_params', field: 'filt' };
  if ((segments.section === 'all') !== (filters.object_id === undefined)) {
    return { ok: false, code: 'invalid_params', field: 'object_id' };
  }
  // `latest` was this sort's name before SPEC.md's `recent`; clients may still send it.
  const sort = segments.sort === 'latest' ? 'recent' : segments.sort;
  if (!isOneOf(MEMBER_SORTS, sort)) {
    return { ok: false, code: 'invalid_sort', field: 'sort' };
  }
  const count = parseCount(segments.count, maxCount);
  if (count === undefined) return { ok: false, code: 'invalid_params', field: 'count' };
  const page = /^(\d{1,9})\.json$/.exec(segments.file);
  if (!page || Number(page[1]) < 1) return { ok: false, code: 'invalid_params', field: 'page' };
  let query: string | undefined;
  if (queryRaw !== undefined) {
    if (typeof queryRaw !== 'string') return { ok: false, code: 'invalid_params', field: 'q' };
    const normalised = queryRaw.trim().replace(/\s+/g, ' ').toLowerCase();
    const length = [...normalised].length;
    if (length > 69 || (length > 0 && length < 3)) {
      return { ok: false, code: 'invalid_params', field: 'q' };
    }
    query = normalised || undefined;
  }
  return {
    ok: true,
    value: {
      lifetime,
      section: segments.section,
      filters,
      sort,
      count,
      page: Number(page[1]),
      query,
    },
  };
}

export const PROFILE_SECTIONS = ['profile', 'wall'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** `/api/json/member/{lifetime}/{section}/{e6}/{e3}/{user_id}.json` */
export function memberPath(lifetime: number, section: ProfileSection, id: number): string {
  return `/api/json/member/${lifetime}/${section}/${thousandsFolder(id)}/${id}.json`;
}

/** `/api/json/comments/{lifetime}/{section}/{e6}/{e3}/{object_id}.json` */
export function commentsPath(lifetime: number, section: CommentSection, id: number): string {
  return `/api/json/comments/${lifetime}/${section}/${thousandsFolder(id)}/${id}.json`;
}

/** `/api/json/subscriptions/{lifetime}/{e6}/{e3}/{user_id}.json` */
export function subscriptionsPath(lifetime: number, id: number): string {
  return `/api/json/subscriptions/${lifetime}/${thousandsFolder(id)}/${id}.json`;
}

/** `{lifetime}` and `{e6}/{e3}/{id}.json` of the object calls. */
export function parseObjectPath(
  lifetimeRaw: string,
  e6: string,
  e3: string,
  file: string,
): ParseResult<{ lifetime: number; id: number }> {
  const lifetime = parseLifetime(lifetimeRaw);
  if (lifetime === undefined) return { ok: false, code: 'invalid_params', field: 'lifetime' };
  const parsed = parseFoldered(e6, e3, file, false);
  if (!parsed.ok) return parsed;
  return { ok: true, value: { lifetime, id: parsed.value.id } };
}

export function isCommentSection(value: string): value is CommentSection {
  return isOneOf(COMMENT_SECTIONS, value);
}

export function isProfileSection(value: string): value is ProfileSection {
  return isOneOf(PROFILE_SECTIONS, value);
}
