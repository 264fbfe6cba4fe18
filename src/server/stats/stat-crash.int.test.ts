import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { startServerProcess } from '../../../tests/support/server-process.ts';
import { type Database, migrateDatabase, openDatabase } from '../../db/client.ts';
import { LocalStorage } from '../../media/storage.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../kernel/passwords.ts';

// Security issue, item 10: a view answered 200 is never lost. The real app runs in a child
// process, takes 40 views from visitors and a signed-in member, and is killed with SIGKILL
// (no shutdown hook runs); the app then starts again on the same database and must count
// every one of them and show the member's history.

interface Shared {
  /** What the server process needs to open the database. */
  env: Record<string, string>;
  open(): Promise<Database>;
  /** Lets the other process have the database (PGlite: one process at a time). */
  release(database: Database): Promise<void>;
  drop(): Promise<void>;
}

/** The test's database, on disk (PGlite) or on the server of TEST_DATABASE_URL. */
async function sharedDatabase(dataDir: string): Promise<Shared> {
  if (process.env.TEST_DATABASE_URL) {
    const test = await createTestDatabase();
    return {
      env: { DATABASE_URL: test.url ?? '' },
      open: async () => test.database,
      release: async () => {},
      drop: () => test.drop(),
    };
  }
  const pgliteDir = path.join(dataDir, 'db');
  return {
    env: {},
    async open() {
      const database = await openDatabase({ pgliteDir });
      await migrateDatabase(database);
      return database;
    },
    release: (database) => database.close(),
    drop: async () => {},
  };
}

async function logIn(url: string, usr: string, pwd: string) {
  const res = await fetch(`${url}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ usr, pwd }),
  });
  const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  const body = (await res.json()) as { csrf?: string };
  if (!sid || !body.csrf) throw new Error(`sign-in failed: ${res.status}`);
  return { cookie: `sid=${sid}`, 'x-csrf-token': body.csrf };
}

async function view(url: string, videoId: number, headers: Record<string, string>) {
  const res = await fetch(`${url}/api/stat.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url, ...headers },
    body: `act=view&section=video&object_id=${videoId}`,
  });
  return res.status;
}

/** Polls (no fixed sleep) until `done` holds for what `read` returns. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > 15_000) throw new Error(`timed out at ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let dataDir = '';
let shared: Shared;
const videos: number[] = [];
let member = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'afterglow-crash-'));
  shared = await sharedDatabase(dataDir);
  const database = await shared.open();
  const uploader = (await makeUser(database)).id;
  for (let i = 0; i < 3; i++) videos.push((await makeVideo(database, uploader)).id);
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, status)
     VALUES ('crashviewer', 'crashviewer@test.example', $1, 1) RETURNING id`,
    [await hashPassword('crash-password')],
  );
  member = Number(row?.id);
  await shared.release(database);
});

afterAll(async () => {
  await shared?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('views and a crash', () => {
  it('counts every view answered before the server was killed, and the member’s history', async () => {
    const env = { ...shared.env, DATA_DIR: dataDir, TRUST_PROXY: 'true', SEED_DEMO: 'false' };
    const server = await startServerProcess({ ...env, JOBS: 'false' });
    const statuses: number[] = [];
    try {
      const session = await logIn(server.url, 'crashviewer', 'crash-password');
      // 12 visitors see each video: 36 views; the member sees each video, one twice.
      for (let visitor = 1; visitor <= 12; visitor++) {
        for (const id of videos) {
          statuses.push(await view(server.url, id, { 'x-forwarded-for': `198.51.100.${visitor}` }));
        }
      }
      for (const id of [...videos, videos[0] ?? 0]) {
        statuses.push(await view(server.url, id, session));
      }
    } finally {
      await server.kill();
    }
    expect(statuses).toEqual(Array.from({ length: 40 }, () => 200));

    // Up again on the same database: what was answered is counted.
    const database = await shared.open();
    const config = loadConfig({ ...env, NODE_ENV: 'test' });
    const app = await buildApp({
      config,
      database,
      storage: new LocalStorage(config.mediaDir),
      logger: pino({ level: 'silent' }),
      pages: 'none',
    });
    try {
      await app.ready();
      const counted = await until(
        () =>
          database.query<{ id: number; views: number; daily: number }>(
            `SELECT id, views,
                    coalesce((SELECT views FROM video_views_daily
                               WHERE video_id = v.id AND day = current_date), 0) AS daily
               FROM videos v WHERE id = ANY($1) ORDER BY id`,
            [videos],
          ),
        (rows) => rows.every((row) => row.views === 13),
      );
      expect(counted).toEqual(videos.map((id) => ({ id, views: 13, daily: 13 })));
      const history = await database.query<{ video_id: number }>(
        'SELECT video_id FROM history WHERE user_id = $1 ORDER BY video_id',
        [member],
      );
      expect(history.map((row) => row.video_id)).toEqual(videos);
    } finally {
      await app.close();
      await shared.release(database);
    }
  }, 180_000); // two starts of the app on a PGlite on disk: slow on a busy machine
});
