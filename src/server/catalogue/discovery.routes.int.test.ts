import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import {
  makeCategory,
  makeChannel,
  makeUser,
  makeVideo,
} from '../../../tests/support/factories.ts';
import {
  categoriesPath,
  mainPath,
  type SearchParams,
  searchPath,
  suggesterPath,
} from '../../contracts/discovery.paths.ts';
import {
  categoriesResponseSchema,
  mainResponseSchema,
  searchResponseSchema,
  suggesterResponseSchema,
  suggestResponseSchema,
} from '../../contracts/discovery.schema.ts';
import { refreshCounters } from '../../db/counters.ts';
import { createMediaUrls } from '../../media/media-urls.ts';

let t: TestApp;
const ids: Record<string, number> = {};

async function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

function search(overrides: Partial<SearchParams>) {
  return searchPath({
    lifetime: 0,
    gender: 'str',
    sort: 'relevance',
    count: 60,
    page: 1,
    type: 'all',
    duration: '',
    date: '',
    query: 'sunset',
    ...overrides,
  });
}

async function searchTitles(overrides: Partial<SearchParams>) {
  const res = await get(search(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return searchResponseSchema.parse(res.json()).videos.map((v) => v.title);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database;
  const user = await makeUser(db);
  const beach = await makeCategory(db, 'Beach');
  const blonde = await makeCategory(db, 'Blonde');
  await makeCategory(db, 'Empty Category');
  await db.query(
    `UPDATE categories SET title_i18n = '{"de": "Strand"}'::jsonb, description = 'Sand and sea' WHERE id = $1`,
    [beach.id],
  );
  await makeChannel(db, { title: 'Sunset Studios' });
  await db.query(
    "INSERT INTO models (dir, title, gender) VALUES ('sunny-rae', 'Sunny Rae', 'str'), ('sam-oak', 'Sam Oak', 'gay')",
  );
  const make = async (key: string, o: Parameters<typeof makeVideo>[2]) => {
    ids[key] = (await makeVideo(db, user.id, { title: key, ...o })).id;
  };
  await make('Sunset on the beach', { categoryIds: [beach.id], views: 10, mediaVersion: 1 });
  await make('Morning walk', { categoryIds: [beach.id], views: 500 });
  await make('Blonde at noon', { categoryIds: [blonde.id], views: 90 });
  await make('Deleted sunset', { statusId: 5 });
  await make('Gay sunset', { gender: 'gay' });
  // "Morning walk" mentions the query only in its description: it must rank lower.
  await db.query("UPDATE videos SET description = 'ends with a sunset' WHERE id = $1", [
    ids['Morning walk'],
  ]);
  await db.query(`SELECT refresh_video_search(ARRAY(SELECT id FROM videos))`);
  await db.query(
    `INSERT INTO keywords (keyword, gender, searches, results) VALUES
       ('sunset beach', 'str', 50, 3), ('sunsets', 'str', 20, 2), ('beach', 'str', 90, 5),
       ('sunset zero', 'str', 99, 0), ('sunset gay', 'gay', 10, 1)`,
  );
  await refreshCounters(db);
});

afterAll(async () => {
  await t?.close();
});

describe('main', () => {
  it('gives the strips of a section', async () => {
    const res = await get(mainPath(600, 'str', 'de'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    const body = mainResponseSchema.parse(res.json());
    expect(body.categories.map((c) => c.title)).toEqual(['Strand', 'Blonde']);
    expect(body.categories[0]?.total_videos).toBe('2');
    expect(body.keywords.map((k) => k.keyword)).toEqual(['beach', 'sunset beach', 'sunsets']);
    expect(body.keywords.map((k) => k.keyword)).not.toContain('sunset zero');
  });

  it.each([
    '/api/json/main/0/xxx.en.json',
    '/api/json/main/0/str.xx.json',
    '/api/json/main/0/str.en',
    '/api/json/main/abc/str.en.json',
  ])('%s is a clean 400', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_params' });
  });
});

describe('categories', () => {
  it('lists categories with videos in the section, by title or by size', async () => {
    const byTitle = categoriesResponseSchema.parse(
      (await get(categoriesPath(0, 'str', '', 'en'))).json(),
    );
    expect(byTitle.categories.map((c) => c.title)).toEqual(['Beach', 'Blonde']);
    expect(byTitle.categories[0]).toMatchObject({ description: 'Sand and sea', total_videos: '2' });
    const popular = categoriesResponseSchema.parse(
      (await get(categoriesPath(0, 'str', 'popular', 'de'))).json(),
    );
    expect(popular.categories.map((c) => c.title)).toEqual(['Strand', 'Blonde']);
    expect(popular.categories[0]?.toptn.map((v) => v.title)).toContain('Morning walk');
  });

  it('answers from the page it keeps until a write to categories, then from the new rows', async () => {
    const db = t.database;
    const version = async () => {
      const [row] = await db.query<{ version: number | string }>(
        "SELECT version FROM data_versions WHERE name = 'categories'",
      );
      return Number(row?.version);
    };
    const titles = async () =>
      categoriesResponseSchema
        .parse((await get(categoriesPath(0, 'str', 'popular', 'de'))).json())
        .categories.map((c) => `${c.title} ${c.total_videos}`);
    const before = await titles();
    const kept = await version();
    // Statements that write no category leave the version (and the kept pages) alone.
    await db.query("UPDATE categories SET title = 'Nobody' WHERE dir = 'no-such-category'");
    await db.query("UPDATE videos SET title = 'Morning walk' WHERE title = 'Morning walk'");
    expect(await version()).toBe(kept);
    expect(await titles()).toEqual(before);

    await db.query(
      `UPDATE categories SET title_i18n = '{"de": "Blond"}'::jsonb, videos_str = videos_str + 5
        WHERE dir = 'blonde'`,
    );
    expect(await version()).toBe(kept + 1);
    expect(await titles()).toContain(
      `Blond ${Number(before.find((t) => t.startsWith('Blonde '))?.split(' ')[1]) + 5}`,
    );
    await db.query(
      `UPDATE categories SET title_i18n = '{}'::jsonb, videos_str = videos_str - 5
        WHERE dir = 'blonde'`,
    );
    expect(await titles()).toEqual(before);
  });

  it('refuses an unknown section', async () => {
    expect((await get('/api/json/categories/0/str.weird.en.json')).statusCode).toBe(400);
  });

  it('keeps the thumbs of a category right as its top videos change, are hidden or deleted', async () => {
    const db = t.database;
    const dunes = await makeCategory(db, 'Dunes');
    const user = await makeUser(db);
    const first = await makeVideo(db, user.id, {
      title: 'Dune one',
      categoryIds: [dunes.id],
      viewsDay: 30,
    });
    const second = await makeVideo(db, user.id, {
      title: 'Dune two',
      categoryIds: [dunes.id],
      viewsDay: 20,
    });
    await refreshCounters(db);
    const toptn = async () => {
      const body = categoriesResponseSchema.parse(
        (await get(categoriesPath(0, 'str', '', 'en'))).json(),
      );
      return body.categories
        .find((c) => c.dir === 'dunes')
        ?.toptn.map((v) => `${v.title} ${v.scr}`);
    };
    const thumb = (title: string, id: number, version: number) =>
      `${title} ${createMediaUrls(t.storage).videoPreview(id, version)}`;
    expect(await toptn()).toEqual([
      thumb('Dune one', first.id, 0),
      thumb('Dune two', second.id, 0),
    ]);

    await db.query(
      "UPDATE videos SET title = 'Dune one, renamed', media_version = 3 WHERE id = $1",
      [first.id],
    );
    expect(await toptn()).toEqual([
      thumb('Dune one, renamed', first.id, 3),
      thumb('Dune two', second.id, 0),
    ]);
    await db.query('UPDATE videos SET status_id = 0 WHERE id = $1', [first.id]);
    expect(await toptn()).toEqual([thumb('Dune two', second.id, 0)]);
    await db.query('UPDATE videos SET status_id = 1 WHERE id = $1', [first.id]);
    expect(await toptn()).toEqual([
      thumb('Dune one, renamed', first.id, 3),
      thumb('Dune two', second.id, 0),
    ]);
    await db.query('DELETE FROM videos WHERE id = $1', [second.id]);
    expect(await toptn()).toEqual([thumb('Dune one, renamed', first.id, 3)]);
    // A new video shows once the tops are refreshed, ranked by its views.
    const third = await makeVideo(db, user.id, {
      title: 'Dune three',
      categoryIds: [dunes.id],
      viewsDay: 90,
    });
    await refreshCounters(db);
    expect(await toptn()).toEqual([
      thumb('Dune three', third.id, 0),
      thumb('Dune one, renamed', first.id, 3),
    ]);
  });
});

describe('suggestions', () => {
  it('suggests categories, models, channels and keywords by prefix, and by similar spelling for a typo', async () => {
    const res = await get('/api/suggester.php?c=sun');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=43200');
    const body = suggestResponseSchema.parse(res.json());
    expect(body.models.map((m) => m.title)).toEqual([]);
    // Both start with the text; the closer spelling comes first.
    expect(body.keywords.map((k) => k.keyword)).toEqual(['sunsets', 'sunset beach']);
    const typo = suggestResponseSchema.parse((await get('/api/suggester.php?c=beahc')).json());
    expect(typo.categories.map((c) => c.dir)).toEqual(['beach']);
  });

  it('offers similar spellings only when no name starts like the text', async () => {
    await t.database.query(
      "INSERT INTO keywords (keyword, gender, searches, results) VALUES ('peach', 'str', 1, 1)",
    );
    const suggest = async (text: string) =>
      suggestResponseSchema.parse((await get(`/api/suggester.php?c=${text}`)).json());
    // "Beach" is spelt like "peach", but a keyword starts with it: the text is no typo.
    const typed = await suggest('peach');
    expect(typed.keywords.map((k) => k.keyword)).toEqual(['peach']);
    expect(typed.categories).toEqual([]);
    // Nothing starts with "beeach": what is spelt alike, of every kind.
    const misspelt = await suggest('beeach');
    expect(misspelt.categories.map((c) => c.dir)).toEqual(['beach']);
    expect(misspelt.keywords.map((k) => k.keyword)).toContain('beach');
    await t.database.query("DELETE FROM keywords WHERE keyword = 'peach'");
  });

  it('offers names as they are now: renamed, counted, deleted, searched with results', async () => {
    const db = t.database;
    // Each check asks a new text: an answer is kept for its lifetime.
    const suggest = async (text: string) =>
      suggestResponseSchema.parse((await get(`/api/suggester.php?c=${text}`)).json());
    const [model] = await db.query<{ id: number }>(
      "INSERT INTO models (dir, title, gender) VALUES ('zephyr-quill', 'Zephyr Quill', 'str') RETURNING id",
    );
    const channel = await makeChannel(db, { title: 'Quartz Lane' });
    const category = await makeCategory(db, 'Velvet');
    await db.query(
      "INSERT INTO keywords (keyword, gender, searches, results) VALUES ('zebra dance', 'str', 5, 0)",
    );
    // Nothing without videos or results.
    expect((await suggest('zep')).models).toEqual([]);
    expect((await suggest('quar')).channels).toEqual([]);
    expect((await suggest('velv')).categories).toEqual([]);
    expect((await suggest('zebr')).keywords).toEqual([]);

    await db.query('UPDATE models SET videos_count = 3 WHERE id = $1', [model?.id]);
    await db.query('UPDATE channels SET videos_count = 1 WHERE id = $1', [channel.id]);
    await db.query('UPDATE categories SET videos_str = 4 WHERE id = $1', [category.id]);
    await db.query("UPDATE keywords SET results = 2, searches = 7 WHERE keyword = 'zebra dance'");
    expect((await suggest('zeph')).models).toEqual([
      { dir: 'zephyr-quill', title: 'Zephyr Quill', total_videos: '3' },
    ]);
    expect((await suggest('quart')).channels).toEqual([
      { dir: 'quartz-lane', title: 'Quartz Lane', total_videos: '1' },
    ]);
    expect((await suggest('velve')).categories).toEqual([
      { dir: 'velvet', title: 'Velvet', total_videos: '4' },
    ]);
    expect((await suggest('zebra')).keywords).toEqual([{ keyword: 'zebra dance', searches: '7' }]);

    await db.query("UPDATE models SET title = 'Zora Quill', dir = 'zora-quill' WHERE id = $1", [
      model?.id,
    ]);
    expect((await suggest('zor')).models).toEqual([
      { dir: 'zora-quill', title: 'Zora Quill', total_videos: '3' },
    ]);
    expect((await suggest('zephy')).models).toEqual([]);
    await db.query("UPDATE models SET gender = 'gay' WHERE id = $1", [model?.id]);
    expect((await suggest('zora')).models).toEqual([]);
    await db.query('DELETE FROM channels WHERE id = $1', [channel.id]);
    expect((await suggest('quartz')).channels).toEqual([]);
    await db.query('UPDATE categories SET videos_str = 0 WHERE id = $1', [category.id]);
    expect((await suggest('velvet')).categories).toEqual([]);
  });

  it('answers nothing under 3 characters and refuses over 69', async () => {
    const short = suggestResponseSchema.parse((await get('/api/suggester.php?c=su')).json());
    expect(short).toEqual({ categories: [], models: [], channels: [], keywords: [] });
    const long = await get(`/api/suggester.php?c=${'a'.repeat(70)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'invalid_params', field: 'c' });
  });

  it('treats LIKE wildcards and quotes as plain text', async () => {
    for (const text of ['%%%', '___', "' OR 1=1 --", '🍑🍑🍑']) {
      const res = await get(`/api/suggester.php?c=${encodeURIComponent(text)}`);
      expect(res.statusCode).toBe(200);
      const body = suggestResponseSchema.parse(res.json());
      expect(body.keywords).toEqual([]);
    }
  });

  it('lists the most searched keywords', async () => {
    const body = suggesterResponseSchema.parse((await get(suggesterPath(0, 2))).json());
    expect(body.keywords.map((k) => k.keyword)).toEqual(['beach', 'sunset beach']);
  });

  it("sums a keyword's searches over the sections, with results only", async () => {
    const top = async () =>
      suggesterResponseSchema
        .parse((await get(suggesterPath(0, 2))).json())
        .keywords.map((k) => k.keyword);
    await t.database.query(
      "INSERT INTO keywords (keyword, gender, searches, results) VALUES ('sunsets', 'gay', 100, 1)",
    );
    expect(await top()).toEqual(['sunsets', 'beach']);
    await t.database.query(
      "UPDATE keywords SET results = 0 WHERE keyword = 'sunsets' AND gender = 'gay'",
    );
    expect(await top()).toEqual(['beach', 'sunset beach']);
    await t.database.query("UPDATE keywords SET results = 4 WHERE keyword = 'sunset zero'");
    expect(await top()).toEqual(['sunset zero', 'beach']);
    await t.database.query("DELETE FROM keywords WHERE keyword IN ('sunset zero', 'sunsets')");
    expect(await top()).toEqual(['beach', 'sunset beach']);
    await t.database.query(
      `INSERT INTO keywords (keyword, gender, searches, results) VALUES
         ('sunsets', 'str', 20, 2), ('sunset zero', 'str', 99, 0)`,
    );
  });
});

describe('search', () => {
  it('ranks a title match above a description match, in the section only', async () => {
    expect(await searchTitles({})).toEqual(['Sunset on the beach', 'Morning walk']);
    expect(await searchTitles({ gender: 'gay' })).toEqual(['Gay sunset']);
  });

  it('matches models, categories and tags, and word forms', async () => {
    expect(await searchTitles({ query: 'beaches' })).toEqual(
      expect.arrayContaining(['Sunset on the beach', 'Morning walk']),
    );
    expect(await searchTitles({ query: 'blonde' })).toEqual(['Blonde at noon']);
  });

  it('sorts by any video sort and pages', async () => {
    expect(await searchTitles({ sort: 'most-popular', date: 'all' })).toEqual([
      'Morning walk',
      'Sunset on the beach',
    ]);
    const page2 = searchResponseSchema.parse((await get(search({ count: 1, page: 2 }))).json());
    expect(page2.videos.map((v) => v.title)).toEqual(['Morning walk']);
    expect(page2.total_count).toBe('2');
    const past = searchResponseSchema.parse((await get(search({ page: 9 }))).json());
    expect(past.videos).toEqual([]);
  });

  it('offers related searches people ran', async () => {
    const body = searchResponseSchema.parse((await get(search({}))).json());
    expect(body.related_searches).toEqual(expect.arrayContaining(['sunset beach', 'sunsets']));
    expect(body.related_searches).not.toContain('sunset');
    expect(body.related_searches).not.toContain('sunset zero');
  });

  it('records searches with results in the keyword statistics', async () => {
    await get(search({ query: 'Noon  Blonde' }));
    await get(search({ query: 'noon blonde' }));
    await get(search({ query: 'nothing matches this' }));
    await t.app.keywordRecorder.flush();
    const rows = await t.database.query<{ keyword: string; searches: number; results: number }>(
      "SELECT keyword, searches, results FROM keywords WHERE keyword IN ('noon blonde', 'nothing matches this')",
    );
    expect(rows).toEqual([{ keyword: 'noon blonde', searches: 2, results: 1 }]);
  });

  it('pages a ranked search from its kept ranking, without a video taken down since', async () => {
    const db = t.database;
    const { id } = await makeVideo(db, (await makeUser(db)).id, { title: 'Lagoon dawn' });
    await makeVideo(db, (await makeUser(db)).id, { title: 'Lagoon dusk' });
    await db.query(`SELECT refresh_video_search(ARRAY(SELECT id FROM videos))`);
    const lagoon = (page: number) => searchTitles({ query: 'lagoon', count: 1, page });
    const first = await lagoon(1);
    expect(first).toHaveLength(1);
    // The ranking is kept: a video added now is not in it, and page 2 is the other one.
    await makeVideo(db, (await makeUser(db)).id, { title: 'Lagoon noon' });
    await db.query(`SELECT refresh_video_search(ARRAY(SELECT id FROM videos))`);
    const second = await lagoon(2);
    expect([...first, ...second].sort()).toEqual(['Lagoon dawn', 'Lagoon dusk']);
    expect(await lagoon(3)).toEqual([]);
    // A video taken down since the ranking is not shown from it.
    await db.query('UPDATE videos SET status_id = 8 WHERE id = $1', [id]);
    const res = await get(search({ query: 'lagoon', count: 2, page: 1 }));
    const body = searchResponseSchema.parse(res.json());
    expect(body.videos.map((v) => v.title)).toEqual(['Lagoon dusk']);
  });

  it('drops a keyword from the strips once its search finds nothing', async () => {
    await t.database.query(
      "INSERT INTO keywords (keyword, gender, searches, results) VALUES ('walk morning', 'str', 500, 1)",
    );
    // Each check asks in another language: an answer is kept for its lifetime.
    const strips = async (lang: 'fr' | 'es') =>
      mainResponseSchema.parse((await get(mainPath(0, 'str', lang))).json()).keywords;
    expect((await strips('fr')).map((k) => k.keyword)).toContain('walk morning');
    // Its one video is taken down: the next search finds nothing.
    await t.database.query('UPDATE videos SET status_id = 8 WHERE id = $1', [ids['Morning walk']]);
    try {
      await get(search({ query: 'walk morning' }));
      await t.app.keywordRecorder.flush();
      const [row] = await t.database.query<{ searches: number; results: number }>(
        "SELECT searches, results FROM keywords WHERE keyword = 'walk morning'",
      );
      expect(row).toEqual({ searches: 500, results: 0 });
      expect((await strips('es')).map((k) => k.keyword)).not.toContain('walk morning');
    } finally {
      await t.database.query('UPDATE videos SET status_id = 1 WHERE id = $1', [
        ids['Morning walk'],
      ]);
      await t.database.query("DELETE FROM keywords WHERE keyword = 'walk morning'");
    }
  });

  it.each([
    ['/api/videos2.php?params=0/str/relevance/60/search..1.all..&s=ab', 'invalid_params'],
    [
      `/api/videos2.php?params=0/str/relevance/60/search..1.all..&s=${'x'.repeat(70)}`,
      'invalid_params',
    ],
    ['/api/videos2.php?params=0/str/relevance/60/search..1.all..', 'invalid_params'],
    ['/api/videos2.php?params=0/str/loudest/60/search..1.all..&s=sunset', 'invalid_sort'],
    ['/api/videos2.php?params=0/xyz/relevance/60/search..1.all..&s=sunset', 'invalid_params'],
    ['/api/videos2.php?params=0/str/relevance/60/search..0.all..&s=sunset', 'invalid_params'],
    ['/api/videos2.php?s=sunset', 'invalid_params'],
    ['/api/videos2.php?params=0/str/relevance/60/search..1.all..&s=a&s=b', 'invalid_params'],
  ])('%s is a clean 400 %s', async (url, code) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });

  it('survives hostile queries', async () => {
    for (const query of ["' OR 1=1 --", 'sunset & | ! ( ) :*', '"unclosed quote', '🍑 sunset 🍑']) {
      const res = await get(search({ query }));
      expect(res.statusCode, query).toBe(200);
      searchResponseSchema.parse(res.json());
    }
  });
});
