import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../../tests/support/factories.ts';
import { maintenanceJob } from '../../jobs.ts';

let t: TestDatabase;

const context = () => ({
  signal: new AbortController().signal,
  log: pino({ level: 'silent' }),
  attempt: 1,
  send: () => Promise.reject(new Error('maintenance queues nothing')),
});

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

    const job = maintenanceJob(db);
    await job.handler({}, context());

    const [row] = await db.query<{ favourites: number; uploads: number }>(
      `SELECT v.favourites_count AS favourites, u.videos_count AS uploads
         FROM videos v JOIN users u ON u.id = v.user_id WHERE v.id = $1`,
      [video.id],
    );
    expect(row).toEqual({ favourites: 1, uploads: 1 });
  });

  it('rolls the view windows over from the daily views, keeping generated counters', async () => {
    const db = t.database;
    const user = await makeUser(db);
    const watched = await makeVideo(db, user.id, { viewsDay: 500 });
    const generated = await makeVideo(db, user.id, { viewsDay: 100 });
    for (const [daysAgo, views] of [
      [0, 3],
      [5, 4],
      [20, 5],
      [70, 9],
    ] as const) {
      await db.query(
        'INSERT INTO video_views_daily (video_id, day, views) VALUES ($1, current_date - $2::int, $3)',
        [watched.id, daysAgo, views],
      );
    }
    await maintenanceJob(db).handler({}, context());
    const windows = async (id: number) =>
      (
        await db.query<{ d: number; w: number; m: number }>(
          'SELECT views_day AS d, views_week AS w, views_month AS m FROM videos WHERE id = $1',
          [id],
        )
      )[0];
    expect(await windows(watched.id)).toEqual({ d: 3, w: 7, m: 12 });
    expect(await windows(generated.id)).toEqual({ d: 100, w: 100, m: 100 });
    const [left] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM video_views_daily WHERE video_id = $1',
      [watched.id],
    );
    expect(left?.n).toBe(3);
  });

  it('removes expired sessions and links and week-old unconfirmed accounts, nothing else', async () => {
    const db = t.database;
    const active = await makeUser(db);
    const [stale] = await db.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, status, created_at)
       VALUES ('neverconfirmed', 'never@test.example', 'x', 0, now() - interval '8 days') RETURNING id`,
    );
    const [fresh] = await db.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, status)
       VALUES ('justsignedup', 'just@test.example', 'x', 0) RETURNING id`,
    );
    await db.query(
      `INSERT INTO sessions (id_hash, user_id, expires_at) VALUES
         ('expired', $1, now() - interval '1 minute'), ('live', $1, now() + interval '1 day')`,
      [active.id],
    );
    await db.query(
      `INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at) VALUES
         ('old', $1, 'reset', now() - interval '1 minute'), ('new', $2, 'confirm', now() + interval '1 day')`,
      [active.id, fresh?.id],
    );
    await maintenanceJob(db).handler({}, context());
    const ids = async (text: string) =>
      (await db.query<{ k: string }>(text)).map((r) => String(r.k));
    expect(await ids('SELECT id_hash AS k FROM sessions')).toEqual(['live']);
    expect(await ids('SELECT token_hash AS k FROM account_tokens')).toEqual(['new']);
    const users = await ids('SELECT id AS k FROM users');
    expect(users).not.toContain(String(stale?.id));
    expect(users).toEqual(expect.arrayContaining([String(active.id), String(fresh?.id)]));
  });

  it('removes pending email changes whose link expired, keeping the live ones', async () => {
    const db = t.database;
    const [waiting, lapsed] = [await makeUser(db), await makeUser(db)];
    await db.query(
      `INSERT INTO email_changes (user_id, new_email, token_hash, expires_at) VALUES
         ($1, 'still@test.example', 'live-change', now() + interval '1 hour'),
         ($2, 'late@test.example', 'lapsed-change', now() - interval '1 minute')`,
      [waiting.id, lapsed.id],
    );
    await maintenanceJob(db).handler({}, context());
    const left = await db.query<{ user_id: number }>('SELECT user_id FROM email_changes');
    expect(left.map((r) => Number(r.user_id))).toEqual([waiting.id]);
  });

  it('runs nightly', () => {
    expect(maintenanceJob(t.database).schedule?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
  });
});
