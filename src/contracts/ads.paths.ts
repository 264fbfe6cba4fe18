import { GENDERS, type Gender } from './constants.ts';
import { type ParseResult, parseLifetime } from './paths.ts';

// The site's own ad calls (SPEC.md §1 advertising, §9 banners): the house inventory of a
// country and the partner-video feed by keyword. Paths are ours (API-CONTRACT.md leaves
// them open); both are public and cacheable like every JSON call. The answers' schemas are
// in ads.schema.ts (kept apart: the web app's first-paint bundle carries no zod).

/** Lifetime the web app asks for: the inventory changes when an operator edits offers. */
export const ADS_LIFETIME = 600;
/** SPEC.md §7: the partner-video feed is a static file refreshed daily. */
export const PARTNER_LIFETIME = 86400;
/** The feed holds more than the slider shows, so each page draws its own 17 (SPEC.md §9). */
export const PARTNER_POOL = 40;

/** Links an ad may carry: http(s) or a path on this site, nothing scriptable. */
export function isSafeAdLink(link: string): boolean {
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  return /^https?:\/\/[^\s]+$/i.test(link);
}

/** `xx`: the visitor's country is unknown (only offers for every country). */
export function adsPath(lifetime: number, country: string): string {
  return `/api/json/ads/${lifetime}/${/^[a-z]{2}$/.test(country) ? country : 'xx'}.json`;
}

export function partnerPath(lifetime: number, gender: Gender, keyword: string): string {
  return `/api/json/partner/${lifetime}/${gender}/${keyword}.json`;
}

export function parseAds(
  lifetime: string,
  file: string,
): ParseResult<{ lifetime: number; country: string }> {
  const parsedLifetime = parseLifetime(lifetime);
  if (parsedLifetime === undefined) return { ok: false, code: 'invalid_params', field: 'lifetime' };
  const match = /^([a-z]{2})\.json$/.exec(file);
  if (!match?.[1]) return { ok: false, code: 'invalid_params', field: 'country' };
  return { ok: true, value: { lifetime: parsedLifetime, country: match[1] } };
}

export function parsePartner(
  lifetime: string,
  gender: string,
  file: string,
): ParseResult<{ lifetime: number; gender: Gender; keyword: string }> {
  const parsedLifetime = parseLifetime(lifetime);
  if (parsedLifetime === undefined) return { ok: false, code: 'invalid_params', field: 'lifetime' };
  if (!(GENDERS as readonly string[]).includes(gender)) {
    return { ok: false, code: 'invalid_params', field: 'gender' };
  }
  const match = /^([a-z0-9][a-z0-9-]{0,119})\.json$/.exec(file);
  if (!match?.[1]) return { ok: false, code: 'invalid_params', field: 'keyword' };
  return {
    ok: true,
    value: { lifetime: parsedLifetime, gender: gender as Gender, keyword: match[1] },
  };
}
