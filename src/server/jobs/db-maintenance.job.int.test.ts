import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { dbMaintenanceJob } from './db-maintenance.job.ts';

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});

afterAll(async () => {
  await t?.drop();
});

describe('db.maintenance', () => {
  it('reconciles counters that drifted from their rows', async () => {
    const db = t.database;
    const user = await makeUser(db);
    const video = await makeVideo(db, user.id, { favouritesCount: 42 });
    await db.query('INSERT INTO favourites (user_id, video_id) VALUES ($1, $2)', [
      user.id,
      video.id,
    ]);
    await db.query('UPDATE users SET videos_count = 99 WHERE id = $1', [user.id]);

    const job = dbMaintenanceJob({ database: db });
    await job.handler(
      {},
      {
        signal: new AbortController().signal,
        log: pino({ level: 'silent' }),
        attempt: 1,
        send: () => Promise.reject(new Error('maintenance queues nothing')),
      },
    );

    const [row] = await db.query<{ favourites: number; uploads: number }>(
      `SELECT v.favourites_count AS favourites, u.videos_count AS uploads
         FROM videos v JOIN users u ON u.id = v.user_id WHERE v.id = $1`,
      [video.id],
    );
    expect(row).toEqual({ favourites: 1, uploads: 1 });
  });

  it('runs nightly', () => {
    expect(dbMaintenanceJob({ database: t.database }).schedule?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
  });
});
