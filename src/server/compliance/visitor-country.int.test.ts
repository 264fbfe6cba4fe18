import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { LIFETIME } from '../../contracts/constants.ts';
import { relatedPath, videoPath } from '../../contracts/paths.ts';
import { hlsMasterKey, videoDir } from '../../media/keys.ts';
import { type CountryDb, openCountryDb } from './country-db.ts';

// Issue 17's "knowing the visitor's country" (decision 0053): with no country header
// configured and TRUST_PROXY on, the visitor's country comes from the address X-Forwarded-For
// gives, looked up in the GeoLite2 database the npm package ships. A visitor from Germany or
// the US meets the general gate, one from the UK the UK gate (with nothing of the content in
// the HTML), a private address the general gate (fail closed); top-country lists the
// visitor's own country; the response cache never hands a restricted answer to the UK.

/** Well-known addresses: heise.de's (Hanover), Google's public resolver, the BBC's. */
const ADDRESS = { de: '193.99.144.80', us: '8.8.8.8', gb: '212.58.244.20' } as const;
const PRIVATE = '10.20.30.40';
const TITLES = {
  de: 'Elbe Morning Ferry',
  us: 'Mojave Long Road',
  gb: 'Thames Foggy Bridge',
} as const;
const COMMENT = 'Lovely light on the water';

let t: TestApp;
let db: CountryDb | undefined;
let gbVideo = 0;
let gbVideoUrl = '';

const from = (address: string) => ({ 'x-forwarded-for': address });

async function page(url: string, address?: string) {
  return t.app.inject({ method: 'GET', url, headers: address ? from(address) : {} });
}

/** Whether a page's HTML shows anything of the seeded videos: a title, a thumbnail, a stream. */
function showsContent(html: string, ids: number[]): boolean {
  return (
    Object.values(TITLES).some((title) => html.includes(title)) ||
    ids.some((id) => html.includes(videoDir(id))) ||
    html.includes('.m3u8') ||
    html.includes('<video') ||
    html.includes(COMMENT)
  );
}

let ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ pages: 'dev', env: { TRUST_PROXY: '1' } });
  db = await openCountryDb(t.config.countryDb, {
    logger: pino({ level: 'silent' }),
    maxAgeDays: 36_500,
  });
  const user = await makeUser(t.database);
  ids = [];
  for (const [country, title] of Object.entries(TITLES)) {
    const { id } = await makeVideo(t.database, user.id, { title, country, views: 50 });
    ids.push(id);
    if (country === 'gb') gbVideo = id;
  }
  await t.storage.put(hlsMasterKey(gbVideo, 1), Buffer.from('#EXTM3U\n'));
  await t.database.query(
    `UPDATE videos SET media = jsonb_build_object('hls', $2::text) WHERE id = $1`,
    [gbVideo, hlsMasterKey(gbVideo, 1)],
  );
  await t.database.query(
    `INSERT INTO comments (section, object_id, user_id, body) VALUES ('video', $1, $2, $3)`,
    [gbVideo, user.id, COMMENT],
  );
  gbVideoUrl = `/videos/${gbVideo}/thames-foggy-bridge/`;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the packaged country database', () => {
  it('is the default and knows the test addresses; private ones it does not', () => {
    expect(t.config.countryDb).toMatch(/geolite2-country\.mmdb$/);
    expect(db).toBeDefined();
    expect(db?.lookup(ADDRESS.de)).toBe('de');
    expect(db?.lookup(ADDRESS.us)).toBe('us');
    expect(db?.lookup(ADDRESS.gb)).toBe('gb');
    expect(db?.lookup(`::ffff:${ADDRESS.gb}`)).toBe('gb');
    expect(db?.lookup(PRIVATE)).toBe('');
    expect(db?.lookup('127.0.0.1')).toBe('');
    expect(db?.lookup('not an address')).toBe('');
  });
});

describe('the age gates by address, with no country header', () => {
  it('shows the general gate over the content to visitors from Germany and the US', async () => {
    const de = await page(gbVideoUrl, ADDRESS.de);
    expect(de.statusCode).toBe(200);
    expect(de.body).toContain('data-age-gate="general"');
    expect(de.body).toContain(TITLES.gb);
    // The general gate speaks the visitor's country's language (SPEC.md §4).
    expect(de.body).toContain('"country":"de"');

    const us = await page(gbVideoUrl, ADDRESS.us);
    expect(us.statusCode).toBe(200);
    expect(us.body).toContain('data-age-gate="general"');
    expect(us.body).toContain(TITLES.gb);
    expect(us.body).toContain('"country":"us"');
  });

  it('holds a visitor from the UK at the UK gate, with nothing of the content in the HTML', async () => {
    const video = await page(gbVideoUrl, ADDRESS.gb);
    expect(video.statusCode).toBe(403);
    expect(video.body).toContain('data-age-gate="uk"');
    expect(showsContent(video.body, ids)).toBe(false);

    for (const listing of ['/', '/top-country/1/', '/videos/most-popular/1/']) {
      const res = await page(listing, ADDRESS.gb);
      expect(res.body, listing).toContain('data-age-gate="uk"');
      expect(showsContent(res.body, ids), listing).toBe(false);
    }
    // The same listing from Germany shows the videos, thumbnails and all.
    const home = await page('/', ADDRESS.de);
    expect(showsContent(home.body, ids)).toBe(true);
  });

  it('fails closed for a private address and for no forwarded address at all', async () => {
    for (const address of [PRIVATE, undefined]) {
      const res = await page(gbVideoUrl, address);
      expect(res.statusCode, String(address)).toBe(200);
      expect(res.body, String(address)).toContain('data-age-gate="general"');
      expect(res.body, String(address)).toContain('"country":""');
    }
  });

  it('refuses the video’s data to the UK and gives it to the rest', async () => {
    const url = videoPath(LIFETIME.video, gbVideo);
    expect((await t.app.inject({ url, headers: from(ADDRESS.de) })).statusCode).toBe(200);
    const uk = await t.app.inject({ url, headers: from(ADDRESS.gb) });
    expect(uk.statusCode).toBe(403);
    expect(uk.json()).toMatchObject({ code: 'age_verification_required' });
  });
});

describe('top-country by address', () => {
  it('lists the visitor’s own country by default, and another through the picker', async () => {
    const de = await page('/top-country/1/', ADDRESS.de);
    expect(de.body).toContain('Top videos in Germany');
    expect(de.body).toContain(TITLES.de);
    expect(de.body).not.toContain(TITLES.us);

    const us = await page('/top-country/1/', ADDRESS.us);
    expect(us.body).toContain('Top videos in United States');
    expect(us.body).toContain(TITLES.us);
    expect(us.body).not.toContain(TITLES.de);

    const picked = await page('/top-country/1/?country=de', ADDRESS.us);
    expect(picked.body).toContain('Top videos in Germany');
    expect(picked.body).toContain(TITLES.de);
  });
});

describe('the response cache by address', () => {
  it('keeps restricted answers for everyone else, never serves them to the UK, and keeps them out of shared caches', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const related = `${address}${relatedPath(3600, 12, gbVideo, 1)}`;
    const first = await fetch(related, { headers: from(ADDRESS.de) });
    expect(first.status).toBe(200);
    // No Vary can name an address: shared caches must not keep it.
    expect(first.headers.get('cache-control')).toMatch(/^private, max-age=\d+/);

    // A hit at the HTTP server, before Fastify, for another country that may have it.
    const hitsBefore = t.app.responseCache.stats().hits;
    const hit = await fetch(related, { headers: from(ADDRESS.us) });
    expect(hit.status).toBe(200);
    expect(t.app.responseCache.stats().hits).toBe(hitsBefore + 1);
    expect(hit.headers.get('cache-control')).toMatch(/^private, max-age=\d+/);

    const uk = await fetch(related, { headers: from(ADDRESS.gb) });
    expect(uk.status).toBe(403);
    expect(await uk.json()).toMatchObject({ code: 'age_verification_required' });
    // A list of proxies: the client is the first address, as Fastify reads it.
    const chain = await fetch(related, { headers: from(`${ADDRESS.gb}, ${ADDRESS.de}`) });
    expect(chain.status).toBe(403);

    // A playback file likewise: the UK gets none, the rest a copy no shared cache keeps.
    const master = `${address}/media/${hlsMasterKey(gbVideo, 1)}`;
    const file = await fetch(master, { headers: from(ADDRESS.us) });
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toMatch(/^private/);
    expect((await fetch(master, { headers: from(ADDRESS.gb) })).status).toBe(403);

    // Answers that depend on no country stay public and shared.
    const list = await fetch(`${address}/api/json/ads/3600/de.json`, {
      headers: from(ADDRESS.gb),
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toMatch(/^public/);
  });
});
