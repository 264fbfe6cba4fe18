import { describe, expect, it } from 'vitest';
import { isSafeAdLink } from '../../../contracts/ads.paths.ts';
import type { Offer } from '../../../contracts/ads.schema.ts';
import {
  drawCreative,
  drawSome,
  formatCountdown,
  matchingOffers,
  OFFER_COUNTDOWN_MS,
  OFFER_RESTART_MS,
  offerDeadline,
  sponsorBanner,
} from './ads.ts';

const offer = (id: string, tag_patterns: string[] = []): Offer => ({
  offer_id: id,
  pretitle: 'Today',
  title: `Offer ${id}`,
  links: [`https://offers.example/${id}`],
  tag_patterns,
});
const banners = [{ id: 'sister-1', name: 'Emberlight', url: 'https://emberlight.example' }];
/** A fixed sequence of draws. */
const draws = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

describe('matchingOffers', () => {
  it('keeps offers without patterns and those whose pattern is in a tag', () => {
    const offers = [offer('any'), offer('hd', ['hd']), offer('beach', ['beach'])];
    expect(matchingOffers(offers, ['Full HD', 'Sunset']).map((o) => o.offer_id)).toEqual([
      'any',
      'hd',
    ]);
    expect(matchingOffers(offers, []).map((o) => o.offer_id)).toEqual(['any']);
  });
});

describe('drawCreative', () => {
  const inventory = { banners, offers: [offer('a')], offer_chance: 0.3 };

  it('shows the offer when the draw falls under the page’s chance', () => {
    expect(drawCreative(inventory, [], draws(0.29, 0))).toMatchObject({
      kind: 'offer',
      link: 'https://offers.example/a',
    });
    expect(drawCreative(inventory, [], draws(0.3, 0))).toMatchObject({ kind: 'banner' });
  });

  it('never shows an offer at chance 0, always at chance 1 when one matches', () => {
    expect(drawCreative({ ...inventory, offer_chance: 0 }, [], draws(0))).toMatchObject({
      kind: 'banner',
    });
    expect(drawCreative({ ...inventory, offer_chance: 1 }, [], draws(0.99))).toMatchObject({
      kind: 'offer',
    });
  });

  it('falls back to a banner when no offer goes with the page or the slot takes none', () => {
    const tagged = { ...inventory, offers: [offer('hd', ['hd'])], offer_chance: 1 };
    expect(drawCreative(tagged, ['amateur'], draws(0))).toMatchObject({ kind: 'banner' });
    expect(drawCreative({ ...inventory, offer_chance: 1 }, null, draws(0))).toMatchObject({
      kind: 'banner',
    });
    expect(drawCreative({ banners: [], offers: [], offer_chance: 1 }, [], draws(0))).toEqual({
      kind: 'empty',
    });
  });
});

describe('offer countdown', () => {
  const now = 1_000_000_000;

  it('starts at 60 minutes', () => {
    expect(offerDeadline(null, now)).toBe(now + OFFER_COUNTDOWN_MS);
    expect(formatCountdown(OFFER_COUNTDOWN_MS)).toBe('60:00');
  });

  it('runs on from the stored end', () => {
    expect(offerDeadline(String(now + 5000), now)).toBe(now + 5000);
  });

  it('restarts at 1 minute once expired', () => {
    expect(offerDeadline(String(now - 1), now)).toBe(now + OFFER_RESTART_MS);
    expect(offerDeadline(String(now), now)).toBe(now + OFFER_RESTART_MS);
  });

  it('starts over from a damaged or far-future value', () => {
    for (const value of ['', 'soon', '-5', String(now + OFFER_COUNTDOWN_MS * 2)]) {
      expect(offerDeadline(value, now), value).toBe(now + OFFER_COUNTDOWN_MS);
    }
  });

  it('shows minutes and seconds, rounded up, never below zero', () => {
    expect(formatCountdown(59 * 60_000 + 1)).toBe('59:01');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(-10)).toBe('00:00');
  });
});

describe('drawSome', () => {
  it('draws the asked number of different items', () => {
    const items = Array.from({ length: 40 }, (_, i) => i);
    const drawn = drawSome(items, 17, Math.random);
    expect(drawn).toHaveLength(17);
    expect(new Set(drawn).size).toBe(17);
    expect(drawSome([1, 2], 17, Math.random).sort()).toEqual([1, 2]);
  });
});

describe('sponsorBanner and isSafeAdLink', () => {
  it('takes the first sponsor banner a channel has', () => {
    expect(sponsorBanner({ cf3: '', cf4: '/b/4.jpg', cf7: '/b/7.jpg' })).toBe('/b/4.jpg');
    expect(sponsorBanner({ cf3: '', cf4: '', cf7: '' })).toBe('');
    expect(sponsorBanner(undefined)).toBe('');
  });

  it('lets only web links and site paths through', () => {
    expect(isSafeAdLink('https://offers.example/join')).toBe(true);
    expect(isSafeAdLink('/signup/')).toBe(true);
    expect(isSafeAdLink('//evil.example')).toBe(false);
    expect(isSafeAdLink('javascript:alert(1)')).toBe(false);
  });
});
