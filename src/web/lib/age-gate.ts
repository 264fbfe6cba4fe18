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

/**
 * The visitor's country as the gates read it from the configured header (decision 0025).
 * A header that names exactly one country gives `{codes: [it], unknown: false}`.
 */
export interface GateCountry {
  /** The countries the header named, lower case, without repeats. */
  codes: string[];
  /**
   * A country header is configured but did not name exactly one country (missing, empty,
   * malformed, a pseudo-code such as Tor's `T1`, or a list): the gates fail closed.
   */
  unknown: boolean;
}

/** No country header is configured: nothing is known and no gate shows (decision 0018). */
export const NO_COUNTRY: GateCountry = { codes: [], unknown: false };

/** A header was expected and said nothing usable. */
export const UNKNOWN_COUNTRY: GateCountry = { codes: [], unknown: true };

export interface AgeGateInput {
  /** The visitor's country as the header gave it (readCountryHeader). */
  country: GateCountry;
  /** The signed-in member (SPEC.md §4 Auth), or null for a visitor. */
  user: { ageVerified: boolean } | null;
  /** The general gate's flag is stored. */
  confirmed: boolean;
  /** The page's path. */
  path: string;
  /** The visit came from a sister site with a `source` or `promo` query (isReferredVisit). */
  referred: boolean;
}

/** Information, sign-in, sign-up and restore-password pages stay open in the UK. */
export function isUkGateFreePath(path: string): boolean {
  return /^\/(information|signin|signup|restore-password)(\/|$)/.test(path);
}

/**
 * Whether `referrer` is a page of one of our sister sites (SPEC.md §1 network, SISTER_SITES):
 * http(s), the site's host or a subdomain of it, on the site's port, without credentials.
 * Hosts are compared as the URL parser gives them (lower case, IDNs in punycode), so
 * `evil-sister.example`, `sister.example.evil.org` and look-alike letters never match.
 */
export function isSisterReferrer(referrer: string, sisterSites: readonly string[]): boolean {
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return false;
  }
  if (from.protocol !== 'https:' && from.protocol !== 'http:') return false;
  if (from.username !== '' || from.password !== '') return false;
  return sisterSites.some((site) => {
    let sister: URL;
    try {
      sister = new URL(site);
    } catch {
      return false;
    }
    const host = sister.hostname;
    if (host === '' || from.port !== sister.port) return false;
    return from.hostname === host || from.hostname.endsWith(`.${host}`);
  });
}

/**
 * SPEC.md §4 UK gate exemption: the visitor arrived from one of our sister sites (the
 * network's own referrer, not any site) with a `source` or `promo` query.
 */
export function isReferredVisit(
  referrer: string | undefined,
  search: URLSearchParams,
  sisterSites: readonly string[],
): boolean {
  if (!referrer || !(search.get('source') || search.get('promo'))) return false;
  return isSisterReferrer(referrer, sisterSites);
}

/** Whether the UK gate holds this visitor back from content (pages and their data alike). */
export function holdsUkGate(
  country: GateCountry,
  user: { ageVerified: boolean } | null,
  referred: boolean,
): boolean {
  return country.codes.includes(UK_GATE_COUNTRY) && !user?.ageVerified && !referred;
}

const STRICTNESS: Record<AgeGate, number> = { none: 0, general: 1, uk: 2 };

/**
 * Which gate, if any, covers the page (SPEC.md §4). A list of countries gets the strictest
 * gate any of them would; a country that is not known gets the general gate (decision 0025).
 */
export function ageGateFor(input: AgeGateInput): AgeGate {
  const { country } = input;
  const general = !input.user && !input.confirmed ? 'general' : 'none';
  let gate: AgeGate = country.unknown ? general : 'none';
  for (const code of country.codes) {
    let own: AgeGate = 'none';
    if (code === UK_GATE_COUNTRY) {
      const held = !input.user?.ageVerified && !input.referred;
      own = held && !isUkGateFreePath(input.path) ? 'uk' : 'none';
    } else if (GENERAL_GATE_COUNTRIES.includes(code)) {
      own = general;
    }
    if (STRICTNESS[own] > STRICTNESS[gate]) gate = own;
  }
  return gate;
}

/** The one country the header named, '' when it named none or several. */
export function singleCountry(country: GateCountry): string {
  return !country.unknown && country.codes.length === 1 ? (country.codes[0] ?? '') : '';
}

/** The general gate's language for a country, English when the country has none of its own. */
export function generalGateLanguage(country: string): GeneralGateLanguage {
  return GATE_LANGUAGE_BY_COUNTRY[country.toLowerCase()] ?? 'en';
}

/**
 * Two-letter codes that name no country: ISO 3166's user-assigned ranges (AA, QM-QZ, XA-XZ,
 * ZZ; XX is "unknown") except Kosovo's XK, and the GeoIP pseudo-codes (A1 anonymous proxy, A2
 * satellite, O1 other, T1 Tor, EU and AP regions).
 */
function isCountryCode(code: string): boolean {
  if (!/^[a-z]{2}$/.test(code)) return false;
  if (code === 'aa' || code === 'zz' || code === 'eu' || code === 'ap') return false;
  if (/^q[m-z]$/.test(code) || (/^x[a-z]$/.test(code) && code !== 'xk')) return false;
  return true;
}

/**
 * The visitor's country from the value of the configured country header (a CDN's or proxy's).
 * Anything but one country code is `unknown`; the codes a list names (split at anything that
 * is not a letter or digit) are kept so the strictest of their gates applies. `UK` is the
 * United Kingdom's common non-ISO spelling.
 */
export function readCountryHeader(value: unknown): GateCountry {
  const raw = Array.isArray(value) ? value.join(',') : value;
  if (typeof raw !== 'string') return UNKNOWN_COUNTRY;
  const parts = raw
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((part) => part !== '');
  const codes = [
    ...new Set(parts.filter(isCountryCode).map((code) => (code === 'uk' ? 'gb' : code))),
  ];
  return { codes, unknown: parts.length !== 1 || codes.length !== 1 };
}
