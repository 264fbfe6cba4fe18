// Business constants of SPEC.md §9 and the enumerations of §3, shared by server and web.

export const GENDERS = ['str', 'she', 'gay'] as const;
export type Gender = (typeof GENDERS)[number];
export const DEFAULT_GENDER: Gender = 'str';
/** The visitor's gender section, read by every page request (server/ssr/pages.ts). */
export const GENDER_COOKIE = 'app_gender';
/** Where the section switch stores a choice and returns: `?gender=…&back=…`. */
export const SECTION_PATH = '/section/';

export const LANGUAGES = ['en', 'ru', 'de', 'fr', 'es', 'pl', 'it', 'pt', 'ja', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_COOKIE = 'app_lang';
/** Set to 1 once the cookie notice is acknowledged, so the server leaves it out. */
export const COOKIE_NOTICE_COOKIE = 'cookie_notice';
/** The session cookie (HttpOnly; decision 0013) of a site served over http. */
export const SESSION_COOKIE = 'sid';
/**
 * The session cookie over https (decision 0022). Browsers keep a `__Host-` cookie only when
 * it is Secure, has Path=/ and no Domain, so a sibling subdomain or a plain-http answer can
 * neither set nor shadow it.
 */
export const SECURE_SESSION_COOKIE = '__Host-sid';

/** The name of the session cookie in force: the server reads and writes only that one. */
export function sessionCookieName(https: boolean): string {
  return https ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}
/** SPEC.md §4: logout sets this cookie and reloads; the server then ends the session. */
export const LOGOUT_COOKIE = 'logout';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** status_id values of a video (SPEC.md §3: 5 = deleted). */
export const VIDEO_STATUS = {
  disabled: 0,
  active: 1,
  error: 2,
  processing: 3,
  deleted: 5,
  /** Encoded, waiting for a moderator (decision 0043): seen by its owner and staff only. */
  review: 6,
  /** Refused by a moderator, with a statement of reasons to its owner. */
  rejected: 7,
  /** Taken down by staff, with a reason; can be restored. */
  removed: 8,
} as const;
export type VideoStatusId = (typeof VIDEO_STATUS)[keyof typeof VIDEO_STATUS];

export const TOAST_MS = 4000;
export const SEARCH = { minLength: 3, maxLength: 69, delayMs: 300, recentItems: 3 } as const;

/** Cache lifetimes in seconds (SPEC.md §7, §9). */
export const LIFETIME = {
  video: 14400,
  related: 432000,
  suggester: 43200,
  modelPage: 3600,
  channelPage: 3600,
  albums: 86400,
  playlists: 86400,
  comments: 3600,
  member: 7200,
  typeChannels: 600,
  videofile: 8640000,
  timelines: 2592000,
  homePopular: 14400,
  watchLater: 14400,
  history: 0,
} as const;

export const PAGE_SIZE = {
  home: 24,
  videos: 60,
  members: 96,
  related: 20,
  relatedPerPage: 12,
  comments: 10,
  playlist: 60,
  playlistVisible: 8,
  addToPlaylists: 20,
  suggestions: 1000,
  pagination: 40,
  partnerSlider: 17,
} as const;

export const PAGINATION = { neighbours: 2, maxNumbers: 5 } as const;

/** The largest count a list call accepts; bigger asks are clamped, not refused. */
export const MAX_LIST_COUNT = 1000;
/** The largest page a list call serves; deep pages of a tube are never browsed by people. */
export const MAX_PAGE = 10000;

export const CATEGORY_SELECTION_MAX = 3;
/** SPEC.md §9: the categories sidebar lists categories of this many videos or more, unless searched. */
export const CATEGORY_SIDEBAR_MIN_VIDEOS = 1000;
export const TAG_WINDOW = 100;
export const NEXT_VIDEO_TIMER_S = 20;
export const TELEGRAM_WAIT_S = 10;
export const SHAKE_MS = 700;
export const LINK_COPIED_MS = 1000;
export const EMBED_SIZE = { width: 426, height: 265 } as const;
export const CONTACT_MESSAGE_MAX = 1500;
export const PLAYLIST_LIMITS = {
  titleMin: 3,
  titleMax: 100,
  descriptionMin: 5,
  descriptionMax: 500,
  categoriesMax: 3,
} as const;
export const UPLOAD_MAX_BYTES = 10 * 1024 ** 3;
export const PROFILE_IMAGE_MIN = { width: 1250, height: 250 } as const;
export const TOAST_TITLE_MAX = 70;
/** SPEC.md §5: a comment needs at least 5 characters; 2000 at most. */
export const COMMENT_LIMITS = { min: 5, max: 2000 } as const;

/** Objects that carry comments (and votes). */
export const COMMENT_SECTIONS = [
  'video',
  'album',
  'model',
  'channel',
  'member',
  'playlist',
] as const;
export type CommentSection = (typeof COMMENT_SECTIONS)[number];

/**
 * Countries offered by the top-country picker (SPEC.md §2, §3 "a country list of two-letter
 * codes"): ISO 3166-1 alpha-2 codes of the site's main audiences.
 */
export const COUNTRY_CODES = [
  'ar',
  'at',
  'au',
  'be',
  'bg',
  'br',
  'ca',
  'ch',
  'cl',
  'co',
  'cy',
  'cz',
  'de',
  'dk',
  'ee',
  'es',
  'fi',
  'fr',
  'gb',
  'gr',
  'hr',
  'hu',
  'ie',
  'in',
  'it',
  'jp',
  'lt',
  'lu',
  'lv',
  'mt',
  'mx',
  'nl',
  'no',
  'nz',
  'ph',
  'pl',
  'pt',
  'ro',
  'ru',
  'se',
  'si',
  'sk',
  'th',
  'tr',
  'ua',
  'us',
  'za',
] as const;
