import type { Logger } from 'pino';
import {
  categoryImageKey,
  channelImageKey,
  memberAvatarKey,
  modelImageKey,
} from '../../media/keys.ts';
import { type ArtItem, renderArt, renderVideoArt } from '../../media/placeholder-art.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { Database } from '../client.ts';
import { refreshCounters } from '../counters.ts';
import { renderDemoAlbums } from './demo-albums.ts';
import { type ClipMedia, type ClipQueue, createDemoPool, renderDemoPool } from './demo-pool.ts';
import { DEMO_SIZE } from './generate.ts';
import { loadCatalogue } from './load.ts';

// The demo catalogue a fresh install starts with: generated rows, generated artwork for every
// object, and a small pool of short synthetic clips that go through the real media pipeline
// once and are shared by every demo video (docs/decisions/0033).

export const DEMO_SEED = 2026;

export async function isCatalogueEmpty(database: Pick<Database, 'query'>): Promise<boolean> {
  const rows = await database.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM videos) AS found',
  );
  return !rows[0]?.found;
}

/**
 * What a start does about the demo: load it into an empty database, or go on making the
 * clips of one loaded before. The demo's members take fixed ids, so it never loads beside
 * accounts made before the first start (`npm run staff -- add … --create`): that start
 * says so and serves an empty catalogue instead of failing.
 */
export async function demoPlan(
  database: Pick<Database, 'query'>,
): Promise<'seed' | 'resume' | 'accounts-exist'> {
  const rows = await database.query<{ videos: boolean; users: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM videos) AS videos, EXISTS (SELECT 1 FROM users) AS users`,
  );
  const found = rows[0];
  if (found?.videos) return 'resume';
  return found?.users ? 'accounts-exist' : 'seed';
}

async function parallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) await work(items[i] as T);
    }),
  );
}

/** The server's settings the demo reads (its config satisfies this as it is). */
export interface DemoSettings {
  /** How many videos the catalogue gets (DEMO_VIDEOS). */
  demoVideos: number;
  /** How many shared clips they play, first ones first (DEMO_PLAYABLE). */
  demoPlayable: number;
  /** How many of the newest demo videos wait in the review queue (DEMO_REVIEW). */
  demoReview: number;
  ffmpegPath: string;
}

export interface DemoDeps {
  database: Database;
  storage: MediaStorage;
  jobs: ClipQueue;
  media: ClipMedia;
  /** The server's password hash, so the demo member signs in like any other. */
  hashPassword: (password: string) => Promise<string>;
  config: DemoSettings;
  log: Logger;
  /** The server is stopping: the clips still to render wait for the next start. */
  signal?: AbortSignal;
  /**
   * Seals the 2257 record a queued demo video is filed with (decision 0055: nothing without
   * one is approved); the demo's clips are synthetic, so it is an exemption.
   */
  sealRecord?: DemoRecordSealer;
}

/** The sealed 2257 record of a demo video: the row's key id and text. */
export type DemoRecordSealer = (video: { id: number; userId: number; username: string }) => {
  keyId: string;
  sealed: string;
};

/**
 * Loads the catalogue and its artwork and points every video at a shared clip (awaited),
 * then makes the clips in the background: the returned promise settles once their sources
 * are rendered and queued, with the clip ids. The videos play as their clip's steps land.
 */
export async function seedDemo(deps: DemoDeps): Promise<{ playable: Promise<number[]> }> {
  const { database, storage, log } = deps;
  const started = Date.now();
  const size = { ...DEMO_SIZE, videos: deps.config.demoVideos };
  await loadCatalogue(database, { seed: DEMO_SEED, now: new Date(), size });
  log.info({ videos: size.videos, ms: Date.now() - started }, 'demo catalogue loaded');
  // Right after the rows: a first start cut short from here on makes its clips on the next.
  const clips = await createDemoPool(database, size.videos > 0 ? deps.config.demoPlayable : 0);
  log.info({ clips: clips.length }, 'demo videos share the demo clips');

  // Each video keeps art of its own; a clip gets its pictures from the pipeline.
  const videoIds = (
    await database.query<{ id: number }>(
      `SELECT id FROM videos WHERE status_id <> 5 AND NOT media ? 'pool' ORDER BY id`,
    )
  ).map((r) => r.id);
  await parallel(videoIds, 2, (id) => renderVideoArt(storage, id, DEMO_SEED * 7919 + id));
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
    UPDATE videos SET media_version = 1, screenshots_count = 1
     WHERE status_id <> 5 AND NOT media ? 'pool';
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
  await createDemoAccount(database, deps.hashPassword);
  log.info(DEMO_ACCOUNT, 'demo member account: sign in with this username and password');
  if (deps.config.demoReview > 0) {
    const queued = await queueDemoReviews(database, deps.config.demoReview, deps.sealRecord);
    log.info({ queued }, 'demo videos wait in the review queue');
  }

  return { playable: renderDemoPool({ ...deps, ffmpegPath: deps.config.ffmpegPath }) };
}

/** A signed-in view of the demo without signing up (README quick start). */
export const DEMO_ACCOUNT = { username: 'demo', password: 'demo-password' } as const;

async function createDemoAccount(
  database: Pick<Database, 'query'>,
  hashPassword: DemoDeps['hashPassword'],
): Promise<void> {
  await database.query(
    `INSERT INTO users (username, email, password_hash, status, about)
     VALUES ($1, 'demo@afterglow.example', $2, 1, 'The demo account of a fresh install.')
     ON CONFLICT DO NOTHING`,
    [DEMO_ACCOUNT.username, await hashPassword(DEMO_ACCOUNT.password)],
  );
}

/**
 * Puts the newest `count` demo videos in the review queue (decision 0043), a minute apart in
 * upload order, so the console has a queue to work through. Like uploads they are not
 * counted until approved (`counted: false`; the approval counts them once).
 */
export async function queueDemoReviews(
  database: Pick<Database, 'query' | 'exec'>,
  count: number,
  sealRecord?: DemoRecordSealer,
): Promise<number> {
  const rows = await database.query<{ id: number }>(
    `WITH newest AS (
       SELECT id FROM videos WHERE status_id = 1 AND NOT media ? 'pool'
        ORDER BY id DESC LIMIT $1)
     UPDATE videos v SET status_id = 6, needs_review = true,
            media = v.media || '{"counted": false}'::jsonb,
            review_since = now() - (($1 - rank.n) * interval '1 minute')
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM newest) rank
      WHERE v.id = rank.id
     RETURNING v.id`,
    [count],
  );
  if (sealRecord) {
    const videos = await database.query<{ id: number; user_id: number; username: string }>(
      `SELECT v.id, v.user_id, u.username FROM videos v JOIN users u ON u.id = v.user_id
        WHERE v.id = ANY($1::int[])`,
      [rows.map((r) => r.id)],
    );
    for (const video of videos) {
      const id = Number(video.id);
      const userId = Number(video.user_id);
      const { keyId, sealed } = sealRecord({ id, userId, username: video.username });
      await database.query(
        `INSERT INTO performer_records (video_id, user_id, exemption, performers, key_id, sealed)
         VALUES ($1, $2, 'no_real_people', 0, $3, $4) ON CONFLICT (video_id) DO NOTHING`,
        [id, userId, keyId, sealed],
      );
    }
  }
  await refreshCounters(database);
  return rows.length;
}
