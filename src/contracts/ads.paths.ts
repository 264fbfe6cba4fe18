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

// ---------------------------------------------------------------- ad-spot events

/** Where the page reports impressions and clicks of its ad spots (decision 0035). */
export const AD_EVENTS_PATH = '/api/ads/events';
/** Events one report may carry; the page sends what it has gathered in one beacon. */
export const AD_EVENTS_PER_REPORT = 50;

/** The ad spots of the layout and the video page, as their `data-ad-slot` names them. */
export const AD_SLOTS = [
  'button',
  'promo',
  'header',
  'links',
  'under-player',
  'sponsor',
  'partner',
  'footer',
] as const;
export type AdSlot = (typeof AD_SLOTS)[number];

/** `i`: the ad was at least half in view; `c`: it was clicked. */
export type AdEventKind = 'i' | 'c';
/** One event as the page reports it: `[kind, slot, ad id]`. */
export type AdEvent = [AdEventKind, AdSlot, string];

const AD_ID = /^[a-z0-9][a-z0-9-]{0,59}$/;

/**
 * The `events` field of a report: a JSON array of `[kind, slot, ad]`. Anything else in it
 * (unknown slots, odd ids, too many) makes the whole report invalid.
 */
export function parseAdEvents(raw: unknown): ParseResult<AdEvent[]> {
  const invalid = { ok: false, code: 'invalid_params', field: 'events' } as const;
  if (typeof raw !== 'string' || raw.length > 8192) return invalid;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return invalid;
  }
  if (!Array.isArray(list) || list.length === 0 || list.length > AD_EVENTS_PER_REPORT) {
    return invalid;
  }
  const events: AdEvent[] = [];
  for (const item of list) {
    if (!Array.isArray(item) || item.length !== 3) return invalid;
    const [kind, slot, ad] = item as unknown[];
    if (kind !== 'i' && kind !== 'c') return invalid;
    if (!(AD_SLOTS as readonly unknown[]).includes(slot)) return invalid;
    if (typeof ad !== 'string' || !AD_ID.test(ad)) return invalid;
    events.push([kind, slot as AdSlot, ad]);
  }
  return { ok: true, value: events };
}
