import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { scaledSize } from './bench-seed.ts';
import { BENCH_ACTIVITY } from './generate-activity.ts';
import { loadCatalogue } from './load.ts';

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await loadCatalogue(
    t.database,
    { seed: 3, size: scaledSize(2_000), now: new Date('2026-11-01T12:00:00Z') },
    undefined,
    BENCH_ACTIVITY,
  );
});

afterAll(async () => {
  await t?.drop();
});

describe('bulk catalogue load', () => {
  it('writes the same search documents as refresh_video_search', async () => {
    const before = await t.database.query<{ id: number; doc: string }>(
      'SELECT id, search_vector::text AS doc FROM videos ORDER BY id LIMIT 50',
    );
    await t.database.query(
      'SELECT refresh_video_search(ARRAY(SELECT id FROM videos ORDER BY id LIMIT 50))',
    );
    const after = await t.database.query<{ id: number; doc: string }>(
      'SELECT id, search_vector::text AS doc FROM videos ORDER BY id LIMIT 50',
    );
    expect(before.every((row) => row.doc.length > 0)).toBe(true);
    expect(after).toEqual(before);
  });

  it('rebuilds every secondary index it dropped for the load', async () => {
    const rows = await t.database.query<{ name: string }>(
      "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'videos'",
    );
    const names = rows.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'videos_listed_date_idx',
        'videos_listed_week_idx',
        'videos_search_idx',
        'videos_user_idx',
      ]),
    );
  });

  it('makes member activity that points at real rows', async () => {
    const [counts] = await t.database.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM favourites)::int AS favourites,
              (SELECT count(*) FROM subscriptions)::int AS subscriptions,
              (SELECT count(*) FROM albums)::int AS albums,
              (SELECT count(*) FROM photos)::int AS photos,
              (SELECT count(*) FROM keywords)::int AS keywords,
              (SELECT count(*) FROM videos WHERE favourites_count > 0)::int AS favourited`,
    );
    for (const key of ['favourites', 'subscriptions', 'albums', 'photos', 'keywords']) {
      expect(counts?.[key], key).toBeGreaterThan(0);
    }
    expect(counts?.favourited).toBeGreaterThan(0);
  });

  it('gives every keyword the number of listed videos its search finds', async () => {
    const rows = await t.database.query<{ keyword: string; results: number; found: number }>(
      `SELECT k.keyword, k.results,
              (SELECT count(*) FROM (
                 SELECT 1 FROM videos v
                  WHERE v.status_id = 1 AND v.post_date <= now() AND v.gender = k.gender
                    AND v.search_vector @@ websearch_to_tsquery('english', k.keyword)
                  LIMIT 1000) f)::int AS found
         FROM keywords k`,
    );
    expect(rows.length).toBeGreaterThan(100);
    // Two tag words rarely meet in 2,000 videos: some keywords find nothing, and say so.
    expect(rows.some((r) => r.found === 0)).toBe(true);
    expect(rows.filter((r) => Number(r.results) !== Number(r.found))).toEqual([]);
  });
});
