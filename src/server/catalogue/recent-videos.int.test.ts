import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import type { DateFilter, VideoSort } from '../../contracts/paths.ts';
import { maintenanceJob } from '../jobs.ts';
import { createVideoRepository } from './video.repository.ts';

// The recent mark (migration 0030): lists of a date window sorted by rating, comments,
// favourites or length read the indexes of recent videos; no video of the window may be
// missing from them, however its post date got there.

const DAY = 86_400_000;
let t: TestDatabase;
const ids: Record<string, number> = {};

const context = () => ({
  signal: new AbortController().signal,
  log: pino({ level: 'silent' }),
  attempt: 1,
  send: () => Promise.reject(new Error('maintenance queues nothing')),
});

async function titles(sort: VideoSort, date: DateFilter): Promise<string[]> {
  const rows = await createVideoRepository(t.database).list(
    { gender: 'str', sort, type: 'all', duration: '', date },
    60,
    0,
  );
  return rows.map((row) => row.title).sort();
}

async function recent(): Promise<Record<string, boolean>> {
  const rows = await t.database.query<{ title: string; recent: boolean }>(
    'SELECT title, recent FROM videos WHERE id = ANY($1::int[])',
    [Object.values(ids)],
  );
  return Object.fromEntries(rows.map((row) => [row.title, row.recent]));
}

beforeAll(async () => {
  t = await createTestDatabase();
  const user = await makeUser(t.database);
  const now = Date.now();
  for (const [title, daysAgo] of [
    ['new', 2],
    ['month', 20],
    ['archive', 40],
    ['aged', 45],
  ] as const) {
    const video = await makeVideo(t.database, user.id, {
      title,
      postDate: new Date(now - daysAgo * DAY),
      likes: 10,
    });
    ids[title] = video.id;
  }
  // Posted when it was new and not yet cleared by the maintenance: still marked.
  await t.database.query('UPDATE videos SET recent = true WHERE id = $1', [ids.aged]);
});

afterAll(async () => {
  await t?.drop();
});

describe('recent videos', () => {
  it('are marked from their post date when posted', async () => {
    expect(await recent()).toEqual({ new: true, month: true, archive: false, aged: true });
  });

  it("make every sort's month list, and only the month's videos", async () => {
    for (const sort of ['top-rated', 'most-commented', 'most-favourited', 'longest'] as const) {
      expect(await titles(sort, 'month')).toEqual(['month', 'new']);
      expect(await titles(sort, 'week')).toEqual(['new']);
    }
  });

  it('include a video whose post date moves into the window', async () => {
    await t.database.query(
      "UPDATE videos SET post_date = now() - interval '3 days' WHERE id = $1",
      [ids.archive],
    );
    expect(await titles('top-rated', 'week')).toEqual(['archive', 'new']);
    await t.database.query(
      "UPDATE videos SET post_date = now() - interval '40 days' WHERE id = $1",
      [ids.archive],
    );
    expect(await titles('top-rated', 'month')).toEqual(['month', 'new']);
    expect((await recent()).archive).toBe(false);
  });

  it('lose their mark in the nightly maintenance once older than a month', async () => {
    await maintenanceJob(t.database).handler({}, context());
    expect(await recent()).toEqual({ new: true, month: true, archive: false, aged: false });
    expect(await titles('longest', 'month')).toEqual(['month', 'new']);
  });
});
