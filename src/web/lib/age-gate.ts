// The two age gates of SPEC.md §4, as pure decisions the server and the browser share
// (docs/decisions/0018-age-gates-and-ads.md).

/** SPEC.md §4: countries where the general age gate shows (EU members and the US). */
export const GENERAL_GATE_COUNTRIES: readonly string[] = [
  'at',
  'be',
  'bg',
  'hr',
  'cy',
  'cz',
  'dk',
  'ee',
  'fi',
  'fr',
  'de',
  'gr',
  'hu',
  'ie',
  'it',
  'lv',
  'lt',
  'lu',
  'mt',
  'nl',
  'pl',
  'pt',
  'ro',
  'sk',
  'si',
  'es',
  'se',
  'us',
];

/** The country of the UK gate, which asks members for a photo (SPEC.md §4, §6). */
export const UK_GATE_COUNTRY = 'gb';

/**
 * The general gate's "I am 18" flag. The browser keeps it (SPEC.md §3) and, like the cookie
 * notice, in a cookie of the same name, so the server leaves the gate out of the page.
 */
export const AGE_CONFIRMED_KEY = 'age_confirmed';

/** Where "Leave" goes: a neutral page off this site. */
export const LEAVE_URL = 'https://www.google.com/';

/** The general gate speaks en, ru, fr or de, chosen by the visitor's country (SPEC.md §4). */
export const GENERAL_GATE_LANGUAGES = ['en', 'ru', 'fr', 'de'] as const;
export type GeneralGateLanguage = (typeof GENERAL_GATE_LANGUAGES)[number];

const GATE_LANGUAGE_BY_COUNTRY: Record<string, GeneralGateLanguage> = {
  de: 'de',
  at: 'de',
  fr: 'fr',
  ru: 'ru',
};

export type AgeGate = 'none' | 'general' | 'uk';

export interface AgeGateInput {
  /** Two-letter country of the visitor, lower case; '' when unknown. */
  country: string;
  /** The signed-in member (SPEC.md §4 Auth), or null for a visitor. */
  user: { ageVerified: boolean } | null;
  /** The general gate's flag is stored. */
  confirmed: boolean;
  /** The page's path. */
  path: string;
  /** The visit came with a referrer and a `source` or `promo` query (see isReferredVisit). */
  referred: boolean;
}

/** Information, sign-in, sign-up and restore-password pages stay open in the UK. */
export function isUkGateFreePath(path: string): boolean {
  return /^\/(information|signin|signup|restore-password)(\/|$)/.test(path);
}

/**
 * SPEC.md §4 UK gate exemption: the visitor arrived with a referrer and a `source` or
 * `promo` query (a partner's link).
 */
export function isReferredVisit(referrer: string | undefined, search: URLSearchParams): boolean {
  if (!referrer) return false;
  return Boolean(search.get('source') || search.get('promo'));
}

/** Which gate, if any, covers the page (SPEC.md §4). */
export function ageGateFor(input: AgeGateInput): AgeGate {
  const country = input.country.toLowerCase();
  if (country === UK_GATE_COUNTRY) {
    if (input.user?.ageVerified) return 'none';
    if (isUkGateFreePath(input.path) || input.referred) return 'none';
    return 'uk';
  }
  if (GENERAL_GATE_COUNTRIES.includes(country) && !input.user && !input.confirmed) {
    return 'general';
  }
  return 'none';
}

/** The general gate's language for a country, English when the country has none of its own. */
export function generalGateLanguage(country: string): GeneralGateLanguage {
  return GATE_LANGUAGE_BY_COUNTRY[country.toLowerCase()] ?? 'en';
}

/** A two-letter country code from a header value (a CDN's or proxy's), '' when there is none. */
export function parseCountry(value: unknown): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string') return '';
  const code = raw.trim().toLowerCase();
  // XX: unknown, T1: Tor (Cloudflare); neither is a country.
  if (!/^[a-z]{2}$/.test(code) || code === 'xx' || code === 't1') return '';
  return code;
}
