import type { HouseBanner, Offer } from '../../../contracts/ads.schema.ts';

// The rules of the ad slots (SPEC.md §4, §9), pure so they are tested on their own:
// which creative a slot shows, the affiliate offer's draw and its countdown.

/** SPEC.md §9: the offer counts down from 60 minutes; once expired it restarts at 1 minute. */
export const OFFER_COUNTDOWN_MS = 60 * 60 * 1000;
export const OFFER_RESTART_MS = 60 * 1000;
/** Where the browser keeps the countdown's end, so it runs on across pages. */
export const OFFER_DEADLINE_KEY = 'offer_deadline';

/** A source of numbers in [0, 1): Math.random in the browser, fixed in tests. */
export type Random = () => number;

function pick<T>(items: readonly T[], random: Random): T | undefined {
  if (items.length === 0) return undefined;
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))];
}

/** Offers that go with a video: no patterns, or a pattern found in one of its tags. */
export function matchingOffers(offers: readonly Offer[], tags: readonly string[]): Offer[] {
  const lowered = tags.map((tag) => tag.toLowerCase());
  return offers.filter(
    (offer) =>
      offer.tag_patterns.length === 0 ||
      offer.tag_patterns.some((pattern) => lowered.some((tag) => tag.includes(pattern))),
  );
}

export type SlotCreative =
  | { kind: 'offer'; offer: Offer; link: string }
  | { kind: 'banner'; banner: HouseBanner }
  | { kind: 'empty' };

/**
 * What a slot shows: the affiliate offer with probability `chance` when one goes with the
 * page (SPEC.md §4), otherwise a house banner.
 */
export function drawCreative(
  inventory: { banners: readonly HouseBanner[]; offers: readonly Offer[]; offer_chance: number },
  tags: readonly string[] | null,
  random: Random,
): SlotCreative {
  if (tags !== null && random() < inventory.offer_chance) {
    const offer = pick(matchingOffers(inventory.offers, tags), random);
    const link = offer && pick(offer.links, random);
    if (offer && link) return { kind: 'offer', offer, link };
  }
  const banner = pick(inventory.banners, random);
  return banner ? { kind: 'banner', banner } : { kind: 'empty' };
}

/**
 * When the offer's countdown ends: the stored end while it lies ahead, 1 minute from now
 * once it has passed, 60 minutes from now on a first showing (or a damaged value).
 */
export function offerDeadline(stored: string | null, now: number): number {
  const end = stored === null ? Number.NaN : Number(stored);
  if (!Number.isFinite(end) || end <= 0 || end > now + OFFER_COUNTDOWN_MS) {
    return now + OFFER_COUNTDOWN_MS;
  }
  return end > now ? end : now + OFFER_RESTART_MS;
}

/** `mm:ss` of the time left, rounded up to the second (60:00 at the start). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** `count` different items in random order (the partner slider's 17 of its pool). */
export function drawSome<T>(items: readonly T[], count: number, random: Random): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}

/** Sponsor banners of a channel in the order SPEC.md §3 names them. */
export function sponsorBanner(channel: { cf3: string; cf4: string; cf7: string } | undefined) {
  return channel ? channel.cf3 || channel.cf4 || channel.cf7 || '' : '';
}
