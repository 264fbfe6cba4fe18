// Display rules of SPEC.md §9 shared by server (structured data, feeds) and web (thumbs).

import { TOAST_TITLE_MAX } from './constants.ts';

/** Duration as the network writes it: `M:SS` under an hour, `H:MM:SS` from an hour. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const ss = String(seconds).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
  return `${minutes}:${ss}`;
}

/** Parses `M:SS` or `H:MM:SS` back to seconds; NaN when malformed. */
export function parseDuration(text: string): number {
  if (!/^\d+(:\d{1,2}){1,2}$/.test(text)) return Number.NaN;
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** ISO 8601 duration for structured data (`PT1H2M3S`). */
export function isoDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${sec || (!h && !m) ? `${sec}S` : ''}`;
}

/** SPEC.md §9: rating percent = rating / 0.05, capped at 100. */
export function ratingPercent(rating: number | string): number {
  const value = typeof rating === 'string' ? Number.parseFloat(rating) : rating;
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(100, Math.round(value / 0.05));
}

/**
 * The rating to show, or null for a video nobody has voted on yet: "0%" would read as
 * "everybody disliked it", so unrated videos show no percentage (as the big tubes do).
 */
export function shownRating(video: {
  rating: number | string;
  likes: number | string;
  dislikes: number | string;
}): number | null {
  const votes = Number(video.likes) + Number(video.dislikes);
  if (!Number.isFinite(votes) || votes <= 0) return null;
  return ratingPercent(video.rating);
}

/** SPEC.md §9: counts shortened with K from 4 digits and M from 7 digits. */
export function shortCount(count: number | string): string {
  const n = typeof count === 'string' ? Number.parseInt(count, 10) : count;
  if (!Number.isFinite(n)) return '0';
  if (n >= 1_000_000) return `${trimDecimal(n / 1_000_000)}M`;
  if (n >= 1_000) return `${trimDecimal(n / 1_000)}K`;
  return String(n);
}

function trimDecimal(value: number): string {
  // One decimal below 100 (1.2K, 45.6M), none above (123K); never round up past the unit.
  const decimals = value < 100 ? 1 : 0;
  const factor = 10 ** decimals;
  return String(Math.floor(value * factor) / factor);
}

/** The network's date format: `YYYY-MM-DD HH:MM:SS` in UTC. */
export function formatPostDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** SPEC.md §9: toast titles cut to 70 characters (67 plus an ellipsis), by code point. */
export function toastTitle(title: string): string {
  const chars = [...title];
  if (chars.length <= TOAST_TITLE_MAX) return title;
  return `${chars.slice(0, TOAST_TITLE_MAX - 3).join('')}...`;
}

/** URL slug of a title: lower-case latin letters, digits and single dashes. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'video';
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

function regionNamesIn(lang: string): Intl.DisplayNames | null {
  let names = regionNames.get(lang);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(lang, names);
  }
  return names;
}

/**
 * A country's name in a language, from its two-letter code: what goes into a sentence or a
 * fact ("from Colombia", not "from CO"). Badges and flags may keep the code. Anything that is
 * not a known two-letter code comes back upper-cased, never as "Unknown Region".
 */
export function countryName(code: string, lang: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper) || upper === 'ZZ') return upper;
  // A listing asks for sixty; Intl looks each up afresh. At most a few hundred codes a language.
  const key = `${lang}:${upper}`;
  let name = countryNames.get(key);
  if (name === undefined) {
    try {
      name = regionNamesIn(lang)?.of(upper) ?? upper;
    } catch {
      name = upper;
    }
    countryNames.set(key, name);
  }
  return name;
}

const countryNames = new Map<string, string>();

/** A database timestamp as the API writes times: ISO 8601 in UTC. */
export const isoTime = (timestamp: string): string => new Date(timestamp).toISOString();
