import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { runFfmpeg } from '../../media/exec.ts';
import { videoSourceKey } from '../../media/keys.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { type TestPattern, testSourceArgs } from '../../media/test-source.ts';
import type { JobQueue } from '../../server/jobs/queue.ts';
import { createVideoMediaRepository } from '../../server/repositories/video-media.repository.ts';
import type { Database } from '../client.ts';

// The demo's shared clips (docs/decisions/0033): a few synthetic videos rendered once through
// the real media pipeline, each the media of many demo rows. A clip is a hidden video row
// (status 0, `media.pool`) whose folder holds the files; a demo row names its clip in
// `media.sharedFrom` and gets the clip's output keys copied into its own media as the steps
// land. Rows keep their own artwork; their duration and HD mark are the clip's.

export interface DemoClip {
  width: number;
  height: number;
  durationS: number;
  pattern: TestPattern;
}

/**
 * The clips, in the order a smaller pool takes them: the first is what the test site plays
 * (720p: three rungs, HD). Short, so the pool renders in a couple of minutes on two cores;
 * colourful patterns only: the slow ones (mandelbrot, life) are left out, and cellauto's
 * black-and-white noise made sources of 40 MB and player controls hard to read over it.
 */
export const DEMO_CLIPS: readonly DemoClip[] = Object.freeze([
  { width: 1280, height: 720, durationS: 24, pattern: 'testsrc2' },
  { width: 854, height: 480, durationS: 18, pattern: 'gradients' },
  { width: 1280, height: 720, durationS: 27, pattern: 'gradients' },
  { width: 640, height: 360, durationS: 21, pattern: 'testsrc2' },
  { width: 1280, height: 720, durationS: 15, pattern: 'smptehdbars' },
  { width: 854, height: 480, durationS: 30, pattern: 'testsrc2' },
  { width: 1920, height: 1080, durationS: 12, pattern: 'gradients' },
  { width: 1280, height: 720, durationS: 36, pattern: 'testsrc2' },
]);

/** The pipeline marks a video HD when its best rung has 720 lines or more. */
export function clipIsHd(clip: DemoClip): boolean {
  return clip.height >= 720;
}

/**
 * Which clip (0-based) a demo video plays: its id mixed (a 32-bit finaliser), so neighbours
 * in a list play different clips and every clip gets about the same share.
 */
export function poolSlot(videoId: number, size: number): number {
  if (!(Number.isSafeInteger(videoId) && videoId >= 0)) {
    throw new RangeError(`Invalid video id: ${videoId}`);
  }
  if (!(Number.isInteger(size) && size > 0)) throw new RangeError(`Invalid pool size: ${size}`);
  let h = videoId >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) % size;
}

/** The caption a clip's picture carries: a viewer sees at once what is playing. */
export function clipLabel(slot: number): string {
  return `Afterglow demo clip ${slot + 1}`;
}

/**
 * Adds the clip rows (hidden, owned by the first member) and points every other video that
 * is not deleted at one of them, with the clip's duration and HD mark. Returns the clip ids
 * by slot. Nothing plays yet: the rows get media as the pipeline makes the clips.
 */
export async function createDemoPool(
  database: Pick<Database, 'query'>,
  size: number,
): Promise<number[]> {
  const clips = DEMO_CLIPS.slice(0, Math.max(0, size));
  if (clips.length === 0) return [];
  const [owner] = await database.query<{ id: number }>('SELECT min(id) AS id FROM users');
  if (owner?.id === undefined || owner.id === null) throw new Error('the demo has no members');
  const ids: number[] = [];
  for (const [slot, clip] of clips.entries()) {
    const [row] = await database.query<{ id: number }>(
      `INSERT INTO videos (dir, title, description, gender, status_id, user_id, duration, is_hd, media)
       VALUES ($1, $2, $3, 'str', $4, $5, $6, $7, jsonb_build_object('pool', $8::int))
       RETURNING id`,
      [
        `afterglow-demo-clip-${slot + 1}`,
        clipLabel(slot),
        'A synthetic test pattern that the demo videos share as their media.',
        VIDEO_STATUS.disabled,
        owner.id,
        clip.durationS,
        clipIsHd(clip),
        slot,
      ],
    );
    ids.push(Number(row?.id));
  }
  const rows = await database.query<{ id: number }>(
    `SELECT id FROM videos WHERE status_id <> $1 AND NOT media ? 'pool' ORDER BY id`,
    [VIDEO_STATUS.deleted],
  );
  const videoIds = rows.map((r) => Number(r.id));
  const slots = videoIds.map((id) => poolSlot(id, clips.length));
  await database.query(
    `UPDATE videos v SET duration = x.duration, is_hd = x.hd,
            media = v.media || jsonb_build_object('sharedFrom', x.clip)
       FROM unnest($1::int[], $2::int[], $3::int[], $4::boolean[]) AS x(id, clip, duration, hd)
      WHERE v.id = x.id`,
    [
      videoIds,
      slots.map((slot) => ids[slot]),
      slots.map((slot) => clips[slot]?.durationS),
      slots.map((slot) => clipIsHd(clips[slot] as DemoClip)),
    ],
  );
  return ids;
}

export interface DemoPoolDeps {
  database: Database;
  storage: MediaStorage;
  jobs: Pick<JobQueue, 'send'>;
  ffmpegPath: string;
  log: Logger;
  /** The server is stopping: stop between clips (the next start goes on). */
  signal?: AbortSignal;
}

/** Where a clip stands, as read at start-up. */
export interface ClipState {
  id: number;
  slot: number;
  /** Its source is rendered and stored. */
  source: string | null;
  /** Its pipeline run has started. */
  gen: number | null;
  /** A step of its run failed for good. */
  failed: boolean;
  /** A `media.process-video` job for it is waiting or running. */
  queued: boolean;
}

/**
 * The clips a start must (re)make: no source yet (a first start cut short), or a source
 * whose run never started or failed, unless its job is still on the queue. A clip made or
 * being made is left alone: a later start encodes nothing again.
 */
export function clipsToMake(clips: readonly ClipState[]): ClipState[] {
  return clips.filter(
    (clip) => !clip.queued && (clip.source === null || clip.gen === null || clip.failed),
  );
}

/**
 * Renders the source of every clip that has none and queues the pipeline for it; on a later
 * start, also runs again a clip whose run failed or whose job was lost. A clip that is done
 * or still queued is left alone, so a restart never encodes the pool again. Resolves with
 * the clip ids queued now.
 */
export async function renderDemoPool(deps: DemoPoolDeps): Promise<number[]> {
  const media = createVideoMediaRepository(deps.database);
  await media.shareOutputs();
  const clips = await deps.database.query<ClipState>(
    `SELECT v.id, (v.media->>'pool')::int AS slot, v.media->>'source' AS source,
            (v.media->>'gen')::int AS gen,
            EXISTS (SELECT 1 FROM jsonb_each(COALESCE(v.media->'tasks', '{}'::jsonb)) t
                     WHERE t.value->>'state' = 'failed') AS failed,
            EXISTS (SELECT 1 FROM pgboss.job j
                     WHERE j.name = 'media.process-video' AND j.data->>'videoId' = v.id::text
                       AND j.state IN ('created', 'retry', 'active')) AS queued
       FROM videos v WHERE v.media ? 'pool' ORDER BY slot`,
  );
  const todo = clipsToMake(clips);
  if (todo.length === 0) return [];
  const scratch = await mkdtemp(path.join(tmpdir(), 'afterglow-demo-'));
  const queued: number[] = [];
  try {
    for (const clip of todo) {
      if (deps.signal?.aborted) break;
      const id = Number(clip.id);
      const spec = DEMO_CLIPS[clip.slot];
      if (!spec) continue;
      if (clip.source === null) {
        const output = path.join(scratch, `${id}.mp4`);
        await runFfmpeg(
          deps.ffmpegPath,
          testSourceArgs({
            output,
            durationS: spec.durationS,
            width: spec.width,
            height: spec.height,
            pattern: spec.pattern,
            seed: 2026 + clip.slot * 7,
            label: clipLabel(clip.slot),
          }),
          { timeoutMs: 120_000, signal: deps.signal },
        );
        if (deps.signal?.aborted) break;
        const key = videoSourceKey(id, 'mp4');
        await deps.storage.putFile(key, output, { move: true });
        await media.setSource(id, key, { keepStatus: true });
      }
      await deps.jobs.send('media.process-video', { videoId: id });
      queued.push(id);
    }
    deps.log.info({ clips: queued }, 'demo clips queued for processing');
    return queued;
  } catch (error) {
    // Cut short by a shutdown: what is left is made on the next start.
    if (deps.signal?.aborted) return queued;
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
