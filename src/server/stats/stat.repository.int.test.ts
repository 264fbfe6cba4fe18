import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { createStatRepository, type StatRepository } from './stat.repository.ts';

// Stored views folded into the counters (decision 0012), on a real database: PGlite, or
// PostgreSQL with TEST_DATABASE_URL, where two folders really run at once.

let t: TestDatabase;
let stats: StatRepository;
let uploader = 0;

interface Counters {
  views: number;
  d: number;
  w: number;
  m: number;
}

async function counters(id: number): Promise<Counters> {
  const [row] = await t.database.query<Counters>(
    'SELECT views, views_day AS d, views_week AS w, views_month AS m FROM videos WHERE id = $1',
    [id],
  );
  if (!row) throw new Error(`no video ${id}`);
  return row;
}

async function dailyRows(id: number): Promise<{ ago: number; views: number }[]> {
  return t.database.query(
    `SELECT (current_date - day)::int AS ago, views FROM video_views_daily
      WHERE video_id = $1 ORDER BY day DESC`,
    [id],
  );
}

async function historyOf(userId: number): Promise<{ video_id: number; viewed_at: Date }[]> {
  return t.database.query(
    'SELECT video_id, viewed_at FROM history WHERE user_id = $1 ORDER BY video_id',
    [userId],
  );
}

async function stored(): Promise<number> {
  const [row] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM view_events');
  return row?.n ?? 0;
}

/** Folds everything stored, `limit` at a time; resolves to how many views this folder took. */
async function foldAll(repository: StatRepository, limit: number): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await repository.foldViews(limit);
    total += taken;
    if (taken === 0) return total;
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
  stats = createStatRepository(t.database);
  uploader = (await makeUser(t.database)).id;
});

afterAll(async () => {
  await t?.drop();
});

describe('stat repository: folding stored views', () => {
  it('adds counted views to the counters and the day’s row, and every view to the history', async () => {
    const member = (await makeUser(t.database)).id;
    const watched = await makeVideo(t.database, uploader, { views: 10, viewsDay: 2 });
    const revisited = await makeVideo(t.database, uploader);
    for (const userId of [null, null, null, member]) {
      await stats.recordView({ videoId: watched.id, userId, counted: true });
    }
    await stats.recordView({ videoId: watched.id, userId: member, counted: false });
    await stats.recordView({ videoId: revisited.id, userId: member, counted: false });

    expect(await foldAll(stats, 100)).toBe(6);

    expect(await counters(watched.id)).toEqual({ views: 14, d: 6, w: 6, m: 6 });
    expect(await dailyRows(watched.id)).toEqual([{ ago: 0, views: 4 }]);
    // A repeat refreshes the history and counts nothing.
    expect(await counters(revisited.id)).toEqual({ views: 0, d: 0, w: 0, m: 0 });
    expect(await dailyRows(revisited.id)).toEqual([]);
    const history = await historyOf(member);
    expect(history.map((row) => row.video_id)).toEqual([watched.id, revisited.id]);
    expect(await stored()).toBe(0);
  });

  it('keeps a member’s latest view time in the history', async () => {
    const member = (await makeUser(t.database)).id;
    const { id } = await makeVideo(t.database, uploader);
    await t.database.query(
      `INSERT INTO view_events (video_id, user_id, counted, viewed_at) VALUES
         ($1, $2, true, now() - interval '20 minutes'), ($1, $2, false, now() - interval '5 minutes')`,
      [id, member],
    );
    await foldAll(stats, 100);
    await t.database.query(
      `INSERT INTO view_events (video_id, user_id, counted, viewed_at)
       VALUES ($1, $2, false, now() - interval '1 hour')`,
      [id, member],
    );
    await foldAll(stats, 100);
    const [row] = await t.database.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM now() - viewed_at) / 60)::int AS minutes
         FROM history WHERE user_id = $1 AND video_id = $2`,
      [member, id],
    );
    expect(row?.minutes).toBe(5);
  });

  it('puts a view left from an earlier day on that day and in the windows it still falls in', async () => {
    const { id } = await makeVideo(t.database, uploader);
    await t.database.query(
      `INSERT INTO view_events (video_id, counted, viewed_at)
       SELECT $1, true, now() - make_interval(days => ago) FROM unnest($2::int[]) AS ago`,
      [id, [0, 3, 3, 10, 40]],
    );
    await foldAll(stats, 100);
    expect(await counters(id)).toEqual({ views: 5, d: 1, w: 3, m: 4 });
    expect(await dailyRows(id)).toEqual([
      { ago: 0, views: 1 },
      { ago: 3, views: 2 },
      { ago: 10, views: 1 },
      { ago: 40, views: 1 },
    ]);
  });

  it('drops views of videos deleted since, and the history of members gone since', async () => {
    const gone = (await makeUser(t.database)).id;
    const deleted = await makeVideo(t.database, uploader);
    const live = await makeVideo(t.database, uploader);
    await stats.recordView({ videoId: deleted.id, userId: null, counted: true });
    await stats.recordView({ videoId: live.id, userId: gone, counted: true });
    await t.database.query('UPDATE videos SET status_id = $2 WHERE id = $1', [
      deleted.id,
      VIDEO_STATUS.deleted,
    ]);
    await t.database.query('DELETE FROM users WHERE id = $1', [gone]);

    expect(await foldAll(stats, 100)).toBe(2);
    expect(await counters(deleted.id)).toMatchObject({ views: 0 });
    expect(await counters(live.id)).toMatchObject({ views: 1 });
    expect(await historyOf(gone)).toEqual([]);
    expect(await stored()).toBe(0);
  });

  it('takes at most the given number of views, oldest first', async () => {
    const { id } = await makeVideo(t.database, uploader);
    for (let i = 0; i < 5; i++)
      await stats.recordView({ videoId: id, userId: null, counted: true });
    const ids = await t.database.query<{ id: number }>('SELECT id FROM view_events ORDER BY id');
    expect(await stats.foldViews(2)).toBe(2);
    const left = await t.database.query<{ id: number }>('SELECT id FROM view_events ORDER BY id');
    expect(left).toEqual(ids.slice(2));
    expect(await counters(id)).toMatchObject({ views: 2 });
    await foldAll(stats, 100);
  });

  it('counts each view once when two folders run at once', async () => {
    const members = [(await makeUser(t.database)).id, (await makeUser(t.database)).id];
    const videos: number[] = [];
    for (let i = 0; i < 8; i++) videos.push((await makeVideo(t.database, uploader)).id);
    // 400 views: each video 50 times, in an order that makes the folders' batches overlap
    // on every video.
    await t.database.query(
      `INSERT INTO view_events (video_id, user_id, counted)
       SELECT ($1::int[])[1 + i % 8], CASE WHEN i % 5 = 0 THEN ($2::int[])[1 + i % 2] END, true
         FROM generate_series(0, 399) AS i`,
      [videos, members],
    );
    // Two repositories on the one database: on PostgreSQL each statement has its own connection.
    const other = createStatRepository(t.database);
    const [first, second] = await Promise.all([foldAll(stats, 7), foldAll(other, 11)]);

    expect(first + second).toBe(400);
    expect(await stored()).toBe(0);
    for (const id of videos) {
      expect(await counters(id)).toEqual({ views: 50, d: 50, w: 50, m: 50 });
      expect(await dailyRows(id)).toEqual([{ ago: 0, views: 50 }]);
    }
    for (const userId of members) expect(await historyOf(userId)).toHaveLength(4);
  });

  it('loses nothing and counts nothing when a fold fails', async () => {
    const member = (await makeUser(t.database)).id;
    const { id } = await makeVideo(t.database, uploader);
    await stats.recordView({ videoId: id, userId: null, counted: true });
    await stats.recordView({ videoId: id, userId: member, counted: true });
    // The history write is the last part of the statement: it fails after the events were
    // taken and the counters moved.
    await t.database.exec(`
      CREATE FUNCTION refuse_history() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'history is read-only'; END $$;
      CREATE TRIGGER refuse_history BEFORE INSERT ON history
        FOR EACH ROW EXECUTE FUNCTION refuse_history();`);
    try {
      await expect(stats.foldViews(100)).rejects.toThrow('history is read-only');
      expect(await stored()).toBe(2);
      expect(await counters(id)).toMatchObject({ views: 0, d: 0 });
      expect(await dailyRows(id)).toEqual([]);
    } finally {
      await t.database.exec(`
        DROP TRIGGER refuse_history ON history;
        DROP FUNCTION refuse_history();`);
    }
    expect(await foldAll(stats, 100)).toBe(2);
    expect(await counters(id)).toMatchObject({ views: 2, d: 2 });
    expect(await dailyRows(id)).toEqual([{ ago: 0, views: 2 }]);
    expect(await historyOf(member)).toHaveLength(1);
  });
});
