import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeCategory, makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { relatedPath, type Videos2Params, videos2Path } from '../../contracts/paths.ts';
import { videoListResponseSchema } from '../../contracts/video.schema.ts';

// SPEC.md §3 "Listing response: videos, total_count, categories": what a list answer says
// about the categories it is about (the chosen ones on a category listing, those of the
// page's videos on every other list).

let t: TestApp;
const ids: Record<string, number> = {};

function listPath(overrides: Partial<Videos2Params>): string {
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

async function list(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return videoListResponseSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database;
  const user = await makeUser(db, { username: 'uploader' });
  const beach = await makeCategory(db, 'Beach');
  const night = await makeCategory(db, 'Night');
  const studio = await makeCategory(db, 'Studio');
  await db.query(
    `UPDATE categories SET description = 'Sand and sea.', title_i18n = '{"de": "Strand"}'
      WHERE id = $1`,
    [beach.id],
  );
  await db.query("UPDATE categories SET description = 'After dark.' WHERE id = $1", [night.id]);
  const now = Date.now();
  const make = async (key: string, categoryIds: number[], gender: 'str' | 'she' = 'str') => {
    ids[key] = (
      await makeVideo(db, user.id, {
        title: key,
        categoryIds,
        gender,
        postDate: new Date(now - (Object.keys(ids).length + 1) * 60_000),
      })
    ).id;
  };
  await make('both', [beach.id, night.id]);
  await make('beach', [beach.id]);
  await make('night', [night.id]);
  await make('night 2', [night.id]);
  await make('studio', [studio.id]);
  await make('shemale', [beach.id], 'she');
  await make('none', []);
  // The per-section counts, as the counters job keeps them.
  await db.query(
    `UPDATE categories c SET videos_str = s.str, videos_she = s.she
       FROM (SELECT vc.category_id,
                    count(*) FILTER (WHERE v.gender = 'str')::int AS str,
                    count(*) FILTER (WHERE v.gender = 'she')::int AS she
               FROM video_categories vc JOIN videos v ON v.id = vc.video_id
              GROUP BY vc.category_id) s
      WHERE s.category_id = c.id`,
  );
});

afterAll(async () => {
  await t?.close();
});

describe('categories of a list answer', () => {
  it('names the chosen categories of a category listing in the order of the path', async () => {
    const both = await list(listPath({ section: 'categories', objectId: 'night,beach' }));
    expect(both.videos.map((v) => v.title)).toEqual(['both']);
    expect(both.categories).toEqual([
      {
        category_id: expect.stringMatching(/^\d+$/),
        dir: 'night',
        title: 'Night',
        total_videos: '3',
        description: 'After dark.',
      },
      {
        category_id: expect.stringMatching(/^\d+$/),
        dir: 'beach',
        title: 'Beach',
        total_videos: '2',
        description: 'Sand and sea.',
      },
    ]);
    // Also when no video is in all of them, and with the section's own counts.
    const none = await list(listPath({ section: 'categories', objectId: 'beach,studio' }));
    expect(none.videos).toEqual([]);
    expect(none.categories.map((c) => c.dir)).toEqual(['beach', 'studio']);
    const she = await list(listPath({ gender: 'she', section: 'categories', objectId: 'beach' }));
    expect(she.categories[0]).toMatchObject({ dir: 'beach', total_videos: '1' });
  });

  it('gives the titles in the language asked for, English when untranslated', async () => {
    const german = await list(
      listPath({ section: 'categories', objectId: 'beach,night', lang: 'de' }),
    );
    expect(german.categories.map((c) => c.title)).toEqual(['Strand', 'Night']);
    const url = listPath({ section: 'categories', objectId: 'beach', lang: 'de' });
    expect(url).toMatch(/\.json\?lang=de$/);
  });

  it('names the categories of the page’s videos on other lists, most frequent first', async () => {
    const all = await list(listPath({}));
    expect(all.categories.map((c) => c.dir)).toEqual(['night', 'beach', 'studio']);
    expect(all.categories[0]).toEqual({
      category_id: expect.stringMatching(/^\d+$/),
      dir: 'night',
      title: 'Night',
      total_videos: '3',
      description: 'After dark.',
    });
    // Only this page's videos count.
    const firstTwo = await list(listPath({ count: 2 }));
    expect(firstTwo.videos.map((v) => v.title)).toEqual(['both', 'beach']);
    expect(firstTwo.categories.map((c) => c.dir)).toEqual(['beach', 'night']);
    const german = await list(listPath({ count: 2, lang: 'de' }));
    expect(german.categories.map((c) => c.title)).toEqual(['Strand', 'Night']);
    // A page without videos names none.
    const past = await list(listPath({ page: 9 }));
    expect(past.categories).toEqual([]);
  });

  it('names them on related videos too', async () => {
    const res = await t.app.inject({ method: 'GET', url: relatedPath(0, 12, ids.both ?? 0, 1) });
    expect(res.statusCode, res.body).toBe(200);
    const related = videoListResponseSchema.parse(res.json());
    expect(related.videos.length).toBeGreaterThan(0);
    expect(related.categories.length).toBeGreaterThan(0);
  });

  it('refuses a language that is not one of the site’s', async () => {
    for (const bad of ['xx', 'EN', 'de&lang=fr', '']) {
      const url = `${listPath({})}?lang=${bad}`;
      const res = await t.app.inject({ method: 'GET', url });
      if (bad === '') {
        expect(res.statusCode).toBe(200);
        continue;
      }
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ code: 'invalid_params', field: 'lang' });
    }
  });
});
