import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser } from '../../../tests/support/factories.ts';
import type { DateFilter } from '../../contracts/paths.ts';
import type { Database } from '../../db/client.ts';
import { createVideoRepository, type VideoListFilter } from './video.repository.ts';

// Long videos (migrations 0031, 0038): a list of videos over 40 minutes reads an index of the
// long videos only, whatever its order, so a deep page does not walk every listed video of
// the section for the one in seven that is long. Here on most-popular, in each of its windows.

let t: TestDatabase;

/** The statement a list runs, caught on its way to the database. */
async function listStatement(
  filter: VideoListFilter,
): Promise<{ text: string; params: unknown[] }> {
  let caught: { text: string; params: unknown[] } | undefined;
  const catching: Pick<Database, 'query'> = {
    query: async (text, params) => {
      caught = { text, params: params ?? [] };
      return t.database.query(text, params);
    },
  };
  await createVideoRepository(catching).list(filter, 60, 5940);
  if (!caught) throw new Error('the list ran no statement');
  return caught;
}

/** The plan of a list's statement, with reading the whole table ruled out. */
async function planOf(filter: VideoListFilter): Promise<string> {
  const { text, params } = await listStatement(filter);
  return t.database.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    await tx.query('SET LOCAL enable_bitmapscan = off');
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  const user = await makeUser(t.database);
  // 2,100 listed videos, one in seven over 40 minutes, with views in every window.
  await t.database.query(
    `INSERT INTO videos (dir, title, gender, status_id, is_private, is_hd, duration, user_id,
        post_date, views, views_day, views_week, views_month, country)
     SELECT 'clip-' || g, 'Clip ' || g, 'str', 1, 0, g % 2 = 0,
            CASE WHEN g % 7 = 0 THEN 3000 ELSE 300 END, $1,
            now() - g * interval '1 hour', g, g % 13, g % 101, g % 307, 'us'
       FROM generate_series(1, 2100) g`,
    [user.id],
  );
  await t.database.exec('VACUUM ANALYZE videos');
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

describe('lists of long videos', () => {
  const windows: [DateFilter, string][] = [
    ['', 'videos_long_views_idx'],
    ['all', 'videos_long_views_idx'],
    ['day', 'videos_long_views_day_idx'],
    ['week', 'videos_long_week_idx'],
    ['month', 'videos_long_month_idx'],
  ];

  it.each(windows)('most-popular of %j reads %s', async (date, index) => {
    const filter: VideoListFilter = {
      gender: 'str',
      sort: 'most-popular',
      type: 'hd',
      duration: '3',
      date,
    };
    const plan = await planOf(filter);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/videos_listed_\w*idx/);
  });

  it("lists the window's long videos, most viewed first", async () => {
    const rows = await createVideoRepository(t.database).list(
      { gender: 'str', sort: 'most-popular', type: 'hd', duration: '3', date: 'week' },
      60,
      0,
    );
    // Long HD clips: g a multiple of 14, 150 of them; the first page holds 60.
    expect(rows).toHaveLength(60);
    expect(rows.every((row) => row.duration > 2400 && row.is_hd)).toBe(true);
    const week = rows.map((row) => Number(row.title.slice(5)) % 101);
    expect(week).toEqual([...week].sort((a, b) => b - a));
  });
});
