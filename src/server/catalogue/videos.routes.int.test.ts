import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import {
  makeCategory,
  makeChannel,
  makeUser,
  makeVideo,
} from '../../../tests/support/factories.ts';
import { type Videos2Params, videos2Path } from '../../contracts/paths.ts';
import { videoListResponseSchema } from '../../contracts/video.schema.ts';

const MIN = 60_000;
const DAY = 86_400_000;

let t: TestApp;
const ids: Record<string, number> = {};

function path(overrides: Partial<Videos2Params> = {}): string {
  return videos2Path({
    lifetime: 0,
    gender: 'str',
    sort: 'latest-updates',
    count: 60,
    section: '',
    objectId: '',
    page: 1,
    type: 'all',
    duration: '',
    date: '',
    ...overrides,
  });
}

async function list(overrides: Partial<Videos2Params> = {}) {
  const res = await t.app.inject({ method: 'GET', url: path(overrides) });
  expect(res.statusCode).toBe(200);
  return videoListResponseSchema.parse(res.json());
}

async function titles(overrides: Partial<Videos2Params> = {}) {
  return (await list(overrides)).videos.map((v) => v.title);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database;
  const user = await makeUser(db, { username: 'uploader' });
  const channel = await makeChannel(db, { title: 'Velvet Films' });
  const catA = await makeCategory(db, 'Category A');
  const catB = await makeCategory(db, 'Beach');
  const now = Date.now();
  const make = async (key: string, o: Parameters<typeof makeVideo>[2]) => {
    ids[key] = (await makeVideo(db, user.id, { title: key, ...o })).id;
  };
  await make('fresh', {
    postDate: new Date(now - MIN),
    channelId: channel.id,
    views: 100,
    viewsDay: 50,
    likes: 10,
    isHd: true,
    duration: 300,
    categoryIds: [catB.id, catA.id],
    mediaVersion: 1,
  });
  await make('private', { postDate: new Date(now - 3 * MIN), isPrivate: 1, duration: 200 });
  await make('popular', {
    postDate: new Date(now - 2 * DAY),
    views: 1000,
    viewsDay: 5,
    likes: 1,
    dislikes: 1,
    duration: 1500,
    country: 'de',
  });
  await make('old', {
    postDate: new Date(now - 10 * DAY),
    views: 500,
    viewsDay: 500,
    duration: 3000,
    commentsCount: 9,
    favouritesCount: 4,
  });
  await make('deleted', { postDate: new Date(now - 2 * MIN), statusId: 5, views: 99_999 });
  await make('scheduled', { postDate: new Date(now + DAY), views: 99_999 });
  await make('processing', { postDate: new Date(now - 4 * MIN), statusId: 3 });
  await make('shemale', { postDate: new Date(now - 5 * MIN), gender: 'she' });
});

afterAll(async () => {
  await t?.close();
});

describe('videos2 lists', () => {
  it('lists only published videos of the section, newest first', async () => {
    const result = await list();
    expect(result.videos.map((v) => v.title)).toEqual(['fresh', 'private', 'popular', 'old']);
    expect(result.total_count).toBe('4');
    expect(result.pages).toBe(1);
    expect(await titles({ gender: 'she' })).toEqual(['shemale']);
  });

  it('shows the first video of a list that was empty when counted at once', async () => {
    // The total is kept a minute (decision 0059); the first page is read all the same.
    expect((await list({ gender: 'gay' })).total_count).toBe('0');
    const [user] = await t.database.query<{ id: number }>(
      "SELECT id FROM users WHERE username = 'uploader'",
    );
    const { id } = await makeVideo(t.database, Number(user?.id), { title: 'first', gender: 'gay' });
    const first = await list({ gender: 'gay' });
    expect(first.videos.map((v) => v.title)).toEqual(['first']);
    expect(first.total_count).toBe('1');
    await t.database.query('UPDATE videos SET status_id = 5 WHERE id = $1', [id]);
  });

  it('marks private videos instead of hiding them', async () => {
    const result = await list();
    const flags = Object.fromEntries(result.videos.map((v) => [v.title, v.is_private]));
    expect(flags).toMatchObject({ private: '1', fresh: '0' });
  });

  it('answers the shape existing clients read, counts as strings', async () => {
    const [fresh] = (await list()).videos;
    expect(fresh).toMatchObject({
      video_id: String(ids.fresh),
      title: 'fresh',
      dir: 'fresh',
      duration: '5:00',
      video_viewed: '100',
      likes: '10',
      dislikes: '0',
      rating: '5',
      categories: 'Beach,Category A',
      is_hd: '1',
      channel: 'velvet-films',
      username: 'uploader',
      scr: `/media/videos/0/0/${ids.fresh}/preview.jpg?v=1`,
      thumb: `/media/videos/0/0/${ids.fresh}/thumb.webp?v=1`,
    });
    expect(fresh?.post_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const noMedia = (await list()).videos.find((v) => v.title === 'old');
    expect(noMedia?.scr).toBe('/placeholder.svg');
  });

  it('sorts by every sort value', async () => {
    expect(await titles({ sort: 'most-popular' })).toEqual(['popular', 'old', 'fresh', 'private']);
    expect((await titles({ sort: 'top-rated' }))[0]).toBe('fresh');
    expect((await titles({ sort: 'top-rated' }))[1]).toBe('popular');
    expect((await titles({ sort: 'most-commented' }))[0]).toBe('old');
    expect((await titles({ sort: 'most-favourited' }))[0]).toBe('old');
    expect(await titles({ sort: 'longest' })).toEqual(['old', 'popular', 'fresh', 'private']);
  });

  it('ranks most-popular by the views of the date window', async () => {
    expect(await titles({ sort: 'most-popular', date: 'day' })).toEqual([
      'old',
      'fresh',
      'popular',
      'private',
    ]);
  });

  it('filters by date, duration, channel type and HD', async () => {
    expect(await titles({ date: 'week' })).toEqual(['fresh', 'private', 'popular']);
    expect(await titles({ date: 'day' })).toEqual(['fresh', 'private']);
    expect(await titles({ date: 'all' })).toHaveLength(4);
    expect(await titles({ duration: '1' })).toEqual(['fresh', 'private']);
    expect(await titles({ duration: '2' })).toEqual(['popular']);
    expect(await titles({ duration: '3' })).toEqual(['old']);
    expect(await titles({ type: 'ch' })).toEqual(['fresh']);
    expect(await titles({ type: 'hd' })).toEqual(['fresh']);
  });

  it('filters any list by country with ?country=', async () => {
    expect(await titles({ country: 'de' })).toEqual(['popular']);
    expect(await titles({ country: 'de', duration: '1' })).toEqual([]);
    expect(await titles({ country: 'fr' })).toEqual([]);
    expect(await titles({ country: 'us', date: 'week' })).toEqual(['fresh', 'private']);
  });

  it('answers the videos of an id list in its order, listed ones only, any section', async () => {
    const order = ['old', 'deleted', 'shemale', 'fresh', 'scheduled', 'processing', 'old'];
    const objectId = order.map((key) => ids[key]).join(',');
    const result = await list({ section: 'ids', objectId });
    expect(result.videos.map((v) => v.title)).toEqual(['old', 'shemale', 'fresh']);
    expect(result.total_count).toBe('3');
    const many = Array.from({ length: 60 }, (_, i) => i + 1).join(',');
    expect(
      (await t.app.inject({ method: 'GET', url: path({ section: 'ids', objectId: many }) }))
        .statusCode,
    ).toBe(200);
    for (const bad of ['0', 'abc', '1,,2', '99999999999', `${many},61`, '-1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: path({ section: 'ids', objectId: bad }),
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ code: 'invalid_params' });
    }
  });

  it('pages through the list, and a page past the end is an empty list', async () => {
    const first = await list({ count: 3 });
    expect(first.videos.map((v) => v.title)).toEqual(['fresh', 'private', 'popular']);
    expect(first.pages).toBe(2);
    const second = await list({ count: 3, page: 2 });
    expect(second.videos.map((v) => v.title)).toEqual(['old']);
    for (const page of [3, 999_999]) {
      const past = await list({ count: 3, page });
      expect(past.videos).toEqual([]);
      expect(past.total_count).toBe('4');
    }
  });
});

describe('videos2 caching', () => {
  it('is cacheable for exactly the requested lifetime and answers 304 to its ETag', async () => {
    const url = path({ lifetime: 600, sort: 'longest' });
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.headers['cache-control']).toBe('public, max-age=600');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('serves a cached list from memory until its lifetime passes', async () => {
    const url = path({ lifetime: 3600, sort: 'latest-updates', count: 2 });
    const before = await t.app.inject({ method: 'GET', url });
    const user = await makeUser(t.database);
    await makeVideo(t.database, user.id, { title: 'newcomer', postDate: new Date() });
    const cached = await t.app.inject({ method: 'GET', url });
    expect(cached.body).toBe(before.body);
    expect(
      Number(/max-age=(\d+)/.exec(String(cached.headers['cache-control']))?.[1]),
    ).toBeLessThanOrEqual(3600);
    // Lifetime 0 is never cached: the new video shows at once.
    expect((await titles({ count: 2 }))[0]).toBe('newcomer');
    await t.database.query("DELETE FROM videos WHERE title = 'newcomer'");
  });

  it('compresses large cached lists with brotli or gzip as asked', async () => {
    const url = path({ lifetime: 60 });
    await t.app.inject({ method: 'GET', url });
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    const plain = await t.app.inject({ method: 'GET', url });
    if (plain.rawPayload.length >= 1024) {
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('videos');
  });
});

describe('videos2 cache hits over HTTP', () => {
  it('answers a hit before routing, with the same body and security headers', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}${path({ lifetime: 120, sort: 'top-rated' })}`;
    const miss = await fetch(url);
    const hit = await fetch(url);
    expect(hit.status).toBe(200);
    expect(await hit.text()).toBe(await miss.text());
    expect(hit.headers.get('x-content-type-options')).toBe('nosniff');
    expect(hit.headers.get('content-type')).toContain('application/json');
    expect(hit.headers.get('etag')).toBe(miss.headers.get('etag'));
    expect(hit.headers.get('cache-control')).toMatch(/^public, max-age=1[12]\d$/);
    const notModified = await fetch(url, {
      headers: { 'if-none-match': String(miss.headers.get('etag')) },
    });
    expect(notModified.status).toBe(304);
    expect(t.app.responseCache.stats().hits).toBeGreaterThan(0);
  });
});

describe('videos2 adversarial input', () => {
  const base = '/api/json/videos2';
  const cases: [string, number, string][] = [
    [`${base}/0/str/newest-first/60/..1.all..day.json`, 400, 'invalid_sort'],
    [`${base}/0/xyz/latest-updates/60/..1.all..day.json`, 400, 'invalid_params'],
    [`${base}/abc/str/latest-updates/60/..1.all..day.json`, 400, 'invalid_params'],
    [`${base}/99999999999/str/latest-updates/60/..1.all..day.json`, 400, 'invalid_params'],
    [`${base}/0/str/latest-updates/0/..1.all..day.json`, 400, 'invalid_params'],
    [`${base}/0/str/latest-updates/-5/..1.all..day.json`, 400, 'invalid_params'],
    [`${base}/0/str/latest-updates/60/..0.all..day.json`, 400, 'invalid_params'],
    [`${base}/0/str/latest-updates/60/..99999999999.all..day.json`, 400, 'invalid_params'],
    [`${base}/0/str/latest-updates/60/..1.everything..day.json`, 400, 'invalid_params'],
    [`${base}/0/str/latest-updates/60/..1.all.4.day.json`, 400, 'invalid_params'],
    [`${base}/0/str/latest-updates/60/..1.all..year.json`, 400, 'invalid_params'],
    [`${base}/0/str/latest-updates/60/nosuch..1.all..day.json`, 400, 'invalid_params'],
    [`${base}/0/str/latest-updates/60/..1.all..day`, 400, 'invalid_params'],
    [
      `${base}/0/str/latest-updates/60/${encodeURIComponent("..1';DROP TABLE videos;--.all..day.json")}`,
      400,
      'invalid_params',
    ],
    [
      `${base}/0/str/latest-updates/60/${encodeURIComponent('..1.всё..день.json')}`,
      400,
      'invalid_params',
    ],
    [`${base}/0/str/latest-updates/60/${'.'.repeat(280)}json`, 400, 'invalid_params'],
    [`${base}/0/str/latest-updates/60/..1.all..day.json?country=DEU`, 400, 'invalid_params'],
    [`${base}/0/str/latest-updates/60/..1.all..day.json?country=d%27e`, 400, 'invalid_params'],
    [
      `${base}/0/str/latest-updates/60/..1.all..day.json?country=de&country=fr`,
      400,
      'invalid_params',
    ],
    [`${base}/0/str/latest-updates`, 404, 'not_found'],
    ['/api/json/no-such-call/1.json', 404, 'not_found'],
  ];

  it.each(cases)('%s answers %i %s and changes nothing', async (url, status, code) => {
    const before = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM videos');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, error: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');
    const after = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM videos');
    expect(after).toEqual(before);
  });

  it('clamps a huge count instead of refusing it', async () => {
    const res = await t.app.inject({ method: 'GET', url: path({ count: 999_999 }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().videos.length).toBeGreaterThan(0);
  });
});

describe('health', () => {
  it('reports the database as up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: 'ok' });
  });
});
