import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { runFfmpeg } from '../../media/exec.ts';
import {
  categoryImageKey,
  channelImageKey,
  memberAvatarKey,
  modelImageKey,
  videoSourceKey,
} from '../../media/keys.ts';
import { type ArtItem, renderArt, renderVideoArt } from '../../media/placeholder-art.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { TEST_PATTERNS, testSourceArgs } from '../../media/test-source.ts';
import type { Config } from '../../server/config.ts';
import type { JobQueue } from '../../server/jobs/queue.ts';
import { createVideoMediaRepository } from '../../server/repositories/video-media.repository.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import type { Database } from '../client.ts';
import { renderDemoAlbums } from './demo-albums.ts';
import { DEMO_SIZE } from './generate.ts';
import { loadCatalogue } from './load.ts';

// The demo catalogue a fresh install starts with: generated rows, generated artwork for every
// object, and a few short synthetic videos that go through the real media pipeline.

export const DEMO_SEED = 2026;

export async function isCatalogueEmpty(database: Pick<Database, 'query'>): Promise<boolean> {
  const rows = await database.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM videos) AS found',
  );
  return !rows[0]?.found;
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) await work(items[i] as T);
    }),
  );
}

export interface DemoDeps {
  database: Database;
  storage: MediaStorage;
  jobs: Pick<JobQueue, 'send'>;
  config: Pick<Config, 'demoVideos' | 'demoPlayable' | 'ffmpegPath'>;
  log: Logger;
}

/**
 * Loads the catalogue and its artwork (awaited), then makes the playable videos in the
 * background: the returned promise settles once their sources are rendered and queued.
 */
export async function seedDemo(deps: DemoDeps): Promise<{ playable: Promise<number[]> }> {
  const { database, storage, log } = deps;
  const started = Date.now();
  const size = { ...DEMO_SIZE, videos: deps.config.demoVideos };
  await loadCatalogue(database, { seed: DEMO_SEED, now: new Date(), size });
  log.info({ videos: size.videos, ms: Date.now() - started }, 'demo catalogue loaded');

  const videoIds = (
    await database.query<{ id: number }>('SELECT id FROM videos WHERE status_id <> 5 ORDER BY id')
  ).map((r) => r.id);
  await pool(videoIds, 2, (id) => renderVideoArt(storage, id, DEMO_SEED * 7919 + id));
  const square = (key: string, seed: number, side: number): ArtItem => ({
    key,
    seed,
    width: side,
    height: side,
    variant: 'avatar',
    format: 'webp',
  });
  const items: ArtItem[] = [];
  for (let id = 1; id <= size.models; id++) items.push(square(modelImageKey(id), id * 31, 320));
  for (let id = 1; id <= size.channels; id++) items.push(square(channelImageKey(id), id * 37, 320));
  for (let id = 1; id <= size.members; id++) items.push(square(memberAvatarKey(id), id * 41, 160));
  for (let id = 1; id <= size.categories; id++) {
    items.push({
      key: categoryImageKey(id),
      seed: id * 43,
      width: 640,
      height: 360,
      variant: 'cover',
      format: 'webp',
    });
  }
  await renderArt(storage, items, 2);
  await database.exec(`
    UPDATE videos SET media_version = 1, screenshots_count = 1 WHERE status_id <> 5;
    UPDATE models SET image_version = 1;
    UPDATE channels SET image_version = 1;
    UPDATE users SET avatar_version = 1;
    UPDATE categories SET image_version = 1;
  `);
  log.info({ ms: Date.now() - started }, 'demo artwork rendered');
  log.info(
    { ...(await renderDemoAlbums({ database, storage })), ms: Date.now() - started },
    'demo album photos rendered',
  );
  await createDemoAccount(database);
  log.info(DEMO_ACCOUNT, 'demo member account: sign in with this username and password');

  return { playable: makePlayable(deps) };
}

/** A signed-in view of the demo without signing up (README quick start). */
export const DEMO_ACCOUNT = { username: 'demo', password: 'demo-password' } as const;

async function createDemoAccount(database: Pick<Database, 'query'>): Promise<void> {
  await database.query(
    `INSERT INTO users (username, email, password_hash, status, about)
     VALUES ($1, 'demo@afterglow.example', $2, 1, 'The demo account of a fresh install.')
     ON CONFLICT DO NOTHING`,
    [DEMO_ACCOUNT.username, await hashPassword(DEMO_ACCOUNT.password)],
  );
}

/**
 * Gives the most-watched videos of each section real media: a synthetic source rendered by
 * ffmpeg, then the same `media.process-video` job an upload goes through.
 */
async function makePlayable(deps: DemoDeps): Promise<number[]> {
  const count = deps.config.demoPlayable;
  if (count === 0) return [];
  const rows = await deps.database.query<{ id: number; duration: number }>(
    `SELECT id, duration FROM (
        SELECT id, duration, gender, row_number() OVER (PARTITION BY gender ORDER BY views_day DESC, id) AS rank
          FROM videos WHERE status_id = 1 AND is_private = 0 AND post_date <= now()
      ) ranked ORDER BY rank, gender, id LIMIT $1`,
    [count],
  );
  const media = createVideoMediaRepository(deps.database);
  const scratch = await mkdtemp(path.join(tmpdir(), 'afterglow-demo-'));
  const queued: number[] = [];
  try {
    for (const [index, { id }] of rows.entries()) {
      const output = path.join(scratch, `${id}.mp4`);
      const fast = TEST_PATTERNS.filter((p) => p !== 'mandelbrot' && p !== 'life');
      await runFfmpeg(
        deps.config.ffmpegPath,
        testSourceArgs({
          output,
          durationS: 16 + (index % 4) * 4,
          width: 1280,
          height: 720,
          pattern: fast[index % fast.length] ?? 'testsrc2',
          seed: DEMO_SEED + id,
        }),
        { timeoutMs: 120_000 },
      );
      const key = videoSourceKey(id, 'mp4');
      await deps.storage.putFile(key, output, { move: true });
      await media.setSource(id, key, { keepStatus: true });
      await deps.jobs.send('media.process-video', { videoId: id });
      queued.push(id);
    }
    deps.log.info({ videos: queued }, 'demo videos queued for processing');
    return queued;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
