import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeCategory, makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { signInAs } from '../../../tests/support/session.ts';
import {
  AD_EVENTS_PATH,
  ADS_LIFETIME,
  adsPath,
  PARTNER_LIFETIME,
  partnerPath,
} from '../../contracts/ads.paths.ts';
import { PAGE_SIZE } from '../../contracts/constants.ts';

// The house ad calls (decision 0018) on a real database: offers by country with unsafe
// links dropped, sister-site banners, and the partner feed by keyword; and the ad-spot
// events a visitor's page reports (decision 0035), counted per day, slot and ad.

let t: TestApp;
let beachDir = '';

beforeAll(async () => {
  t = await createTestApp({
    env: {
      AD_EVENTS: 'true',
      OFFER_CHANCE: '0.25',
      SISTER_SITES: JSON.stringify([
        { name: 'Emberlight', url: 'https://emberlight.example' },
        { name: 'Dusk Reel', url: 'https://duskreel.example' },
      ]),
    },
  });
  const offer = (title: string, links: string[], countries: string[], active = true) =>
    t.database.query(
      `INSERT INTO offers (pretitle, title, links, countries, tag_patterns, active)
       VALUES ('Today', $1, $2::text[], $3::text[], ARRAY['HD'], $4)`,
      [title, links, countries, active],
    );
  await offer('Everywhere', ['https://offers.example/a'], []);
  await offer('Germany only', ['https://offers.example/de'], ['de']);
  await offer('Switched off', ['https://offers.example/off'], [], false);
  await offer('Scripted', ['javascript:alert(1)', '//evil.example'], []);
  await offer('Half safe', ['javascript:alert(1)', '/signup/'], []);

  const user = await makeUser(t.database);
  const beach = await makeCategory(t.database, 'Beach');
  beachDir = beach.dir;
  for (let i = 0; i < 5; i++) {
    await makeVideo(t.database, user.id, { categoryIds: [beach.id], views: 100 + i });
  }
  await makeVideo(t.database, user.id, { categoryIds: [beach.id], isPrivate: 1, views: 999 });
  for (let i = 0; i < 30; i++) await makeVideo(t.database, user.id, { views: i });
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/json/ads', () => {
  it('answers the banners, the offers of the country and the page’s chance, cacheably', async () => {
    const res = await get(adsPath(ADS_LIFETIME, 'de'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(`public, max-age=${ADS_LIFETIME}`);
    const body = res.json();
    expect(body.banners).toEqual([
      { id: 'sister-1', name: 'Emberlight', url: 'https://emberlight.example' },
      { id: 'sister-2', name: 'Dusk Reel', url: 'https://duskreel.example' },
    ]);
    expect(body.offer_chance).toBe(0.25);
    expect(body.offers.map((o: { title: string }) => o.title)).toEqual([
      'Everywhere',
      'Germany only',
      'Half safe',
    ]);
    expect(body.offers[0]).toMatchObject({ tag_patterns: ['hd'] });
    expect(body.offers[2].links).toEqual(['/signup/']);
  });

  it('gives an unknown or other country only the offers for everyone', async () => {
    for (const country of ['', 'fr']) {
      const body = (await get(adsPath(ADS_LIFETIME, country))).json();
      expect(body.offers.map((o: { title: string }) => o.title)).toEqual([
        'Everywhere',
        'Half safe',
      ]);
    }
    expect(adsPath(ADS_LIFETIME, '')).toBe('/api/json/ads/600/xx.json');
  });

  it('refuses a bad path', async () => {
    for (const url of ['/api/json/ads/600/DEU.json', '/api/json/ads/x/de.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_params' });
    }
  });
});

describe('GET /api/json/partner', () => {
  it('answers public videos of the keyword’s category first, topped up to fill the slider', async () => {
    const res = await get(partnerPath(PARTNER_LIFETIME, 'str', beachDir));
    expect(res.statusCode).toBe(200);
    const { videos } = res.json() as { videos: { url: string; title: string }[] };
    expect(videos.length).toBeGreaterThanOrEqual(PAGE_SIZE.partnerSlider);
    expect(videos.length).toBeLessThanOrEqual(40);
    expect(new Set(videos.map((v) => v.url)).size).toBe(videos.length);
    expect(videos[0]?.url).toMatch(/^\/videos\/\d+\/test-video-\d+\/$/);
    // The five public beach videos lead, most viewed first; the private one never shows.
    const beachViews = await t.database.query<{ id: number }>(
      `SELECT v.id FROM videos v JOIN video_categories c ON c.video_id = v.id
        WHERE v.is_private = 0 ORDER BY v.views DESC`,
    );
    expect(videos.slice(0, 5).map((v) => Number(v.url.split('/')[2]))).toEqual(
      beachViews.map((row) => Number(row.id)),
    );
    const privateIds = await t.database.query<{ id: number }>(
      'SELECT id FROM videos WHERE is_private = 1',
    );
    for (const row of privateIds) {
      expect(videos.some((v) => v.url.startsWith(`/videos/${row.id}/`))).toBe(false);
    }
  });

  it('falls back to the section’s most popular for an unknown keyword, and refuses bad paths', async () => {
    const res = await get(partnerPath(PARTNER_LIFETIME, 'str', 'no-such-keyword'));
    expect(res.json().videos.length).toBeGreaterThanOrEqual(PAGE_SIZE.partnerSlider);
    expect((await get(partnerPath(PARTNER_LIFETIME, 'gay', beachDir))).json().videos).toEqual([]);
    for (const url of [
      '/api/json/partner/86400/xyz/beach.json',
      '/api/json/partner/86400/str/Beach%20Party.json',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });
});

describe('POST /api/ads/events', () => {
  const report = (events: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: AD_EVENTS_PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      payload: new URLSearchParams({ events: JSON.stringify(events) }).toString(),
    });
  const stored = async () =>
    (
      await t.database.query<{ slot: string; ad: string; impressions: number; clicks: number }>(
        'SELECT slot, ad, impressions, clicks FROM ad_event_counts ORDER BY slot, ad',
      )
    ).map((row) => ({ ...row, impressions: Number(row.impressions), clicks: Number(row.clicks) }));

  it('adds up a visitor’s reports and stores the sums, added to what is there', async () => {
    const first = await report([
      ['i', 'promo', 'promo-desktop'],
      ['i', 'footer', 'sister-2'],
      ['c', 'promo', 'promo-desktop'],
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ counted: 3 });
    expect(first.headers['cache-control']).toBe('no-store');
    // Nothing is written per report: the sums go out on the next interval.
    expect(await stored()).toEqual([]);
    await t.app.adEvents?.flush();
    await report([['i', 'promo', 'promo-desktop']]);
    await t.app.adEvents?.flush();
    expect(await stored()).toEqual([
      { slot: 'footer', ad: 'sister-2', impressions: 1, clicks: 0 },
      { slot: 'promo', ad: 'promo-desktop', impressions: 2, clicks: 1 },
    ]);
    const [day] = await t.database.query<{ day: string }>(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day FROM ad_event_counts LIMIT 1",
    );
    expect(day?.day).toBe(new Date().toISOString().slice(0, 10));
  });

  it('counts nothing of a member, who has no ad spots', async () => {
    const member = await signInAs(t.app, t.database);
    await t.app.adEvents?.flush();
    const before = await stored();
    const res = await report([['i', 'links', 'cams']], member.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ counted: 0 });
    await t.app.adEvents?.flush();
    expect(await stored()).toEqual(before);
  });

  it('refuses a broken report or one from another site, and changes nothing', async () => {
    await t.app.adEvents?.flush();
    const before = await stored();
    for (const events of [[], [['i', 'popunder', 'x']], [['i', 'promo', '<script>']], 'text']) {
      const res = await report(events);
      expect(res.statusCode, JSON.stringify(events)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_params', field: 'events' });
    }
    const foreign = await report([['c', 'promo', 'promo-desktop']], {
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.statusCode).toBe(403);
    await t.app.adEvents?.flush();
    expect(await stored()).toEqual(before);
  });
});
