import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { waitForPipeline } from '../../../tests/support/media.ts';
import {
  categoryImageKey,
  hlsMasterKey,
  memberAvatarKey,
  modelImageKey,
  videoFileKey,
  videoPreviewKey,
  videoThumbKey,
} from '../../media/keys.ts';
import { LocalStorage } from '../../media/storage.ts';
import { createJobDefinitions } from '../../server/jobs/definitions.ts';
import { createJobQueue, type JobQueue } from '../../server/jobs/queue.ts';
import { isCatalogueEmpty, seedDemo } from './demo.ts';

let db: TestDatabase;
let dir: string;
let storage: LocalStorage;
let queue: JobQueue;
let playable: number[];

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-demo-'));
  storage = new LocalStorage(path.join(dir, 'media'));
  const config = { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', demoVideos: 120, demoPlayable: 1 };
  const log = pino({ level: 'silent' });
  queue = createJobQueue(
    db.database,
    createJobDefinitions({ database: db.database, storage, config }),
    log,
  );
  await queue.start();
  expect(await isCatalogueEmpty(db.database)).toBe(true);
  const seeded = await seedDemo({ database: db.database, storage, jobs: queue, config, log });
  playable = await seeded.playable;
}, 180_000);

afterAll(async () => {
  await queue?.stop(5000);
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

const count = async (sql: string) => Number((await db.database.query<{ n: number }>(sql))[0]?.n);

describe('demo seed', () => {
  it('fills every entity of the catalogue', async () => {
    expect(await isCatalogueEmpty(db.database)).toBe(false);
    for (const table of [
      'categories',
      'models',
      'channels',
      'users',
      'comments',
      'playlists',
      'playlist_videos',
      'video_categories',
      'video_models',
      'tags',
    ]) {
      expect(await count(`SELECT count(*)::int AS n FROM ${table}`), table).toBeGreaterThan(0);
    }
  });

  it('has listed videos in all three gender sections', async () => {
    const rows = await db.database.query<{ gender: string; n: number }>(
      `SELECT gender, count(*)::int AS n FROM videos
        WHERE status_id = 1 AND post_date <= now() GROUP BY gender ORDER BY gender`,
    );
    expect(rows.map((r) => r.gender).sort()).toEqual(['gay', 'she', 'str']);
  });

  it('keeps the denormalised counters equal to the rows they count', async () => {
    const mismatches = await count(`
      SELECT count(*)::int AS n FROM categories c
       WHERE c.videos_str <> (SELECT count(*) FROM video_categories vc JOIN videos v ON v.id = vc.video_id
                               WHERE vc.category_id = c.id AND v.gender = 'str' AND v.status_id = 1
                                 AND v.post_date <= now())`);
    expect(mismatches).toBe(0);
    const commentMismatch = await count(`
      SELECT count(*)::int AS n FROM videos v
       WHERE v.comments_count <> (SELECT count(*) FROM comments c WHERE c.section = 'video' AND c.object_id = v.id)`);
    expect(commentMismatch).toBe(0);
  });

  it('gives every visible object its artwork', async () => {
    const ids = await db.database.query<{ id: number }>(
      'SELECT id FROM videos WHERE status_id <> 5 ORDER BY random() LIMIT 10',
    );
    for (const { id } of ids) {
      expect(await storage.exists(videoPreviewKey(id))).toBe(true);
      expect(await storage.exists(videoThumbKey(id))).toBe(true);
    }
    expect(await storage.exists(modelImageKey(1))).toBe(true);
    expect(await storage.exists(memberAvatarKey(1))).toBe(true);
    expect(await storage.exists(categoryImageKey(1))).toBe(true);
    expect(
      await count(
        'SELECT count(*)::int AS n FROM videos WHERE status_id <> 5 AND media_version = 0',
      ),
    ).toBe(0);
  });

  it('makes playable videos through the media pipeline', async () => {
    expect(playable).toHaveLength(1);
    const id = playable[0] as number;
    const jobs = await db.database.query<{ id: string }>(
      `SELECT id FROM pgboss.job WHERE name = 'media.process-video' AND data->>'videoId' = $1`,
      [String(id)],
    );
    expect(jobs).toHaveLength(1);
    await queue.waitFor('media.process-video', jobs[0]?.id ?? '', 120_000);
    const done = await waitForPipeline(db.database, id);
    expect(done?.media.hls).toBe(hlsMasterKey(id, 1));
    expect(await storage.exists(hlsMasterKey(id, 1))).toBe(true);
    expect(await storage.exists(videoFileKey(id, '_hq.mp4'))).toBe(true);
    const [row] = await db.database.query<{ status_id: number; is_hd: boolean }>(
      'SELECT status_id, is_hd FROM videos WHERE id = $1',
      [id],
    );
    // A published video stays published while it gets media, and 720p counts as HD.
    expect(row).toEqual({ status_id: 1, is_hd: true });
  });
});
