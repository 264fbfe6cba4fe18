import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { runFfmpeg } from '../../media/exec.ts';
import { videoSourceKey } from '../../media/keys.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { type TestPattern, testSourceArgs } from '../../media/test-source.ts';
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
  /** Frames per second of the source (25 unless given). */
  fps?: number;
  /** The time into the clip drawn on it (the long clips: where a seek landed). */
  clock?: boolean;
}

/**
 * The clips, in the order a smaller pool takes them: the first is what the test site plays
 * (720p: three rungs, HD). Six short ones, so the videos of the pool's first clips play within
 * a couple of minutes on two cores; colourful patterns only: the slow ones (mandelbrot, life)
 * are left out, and cellauto's black-and-white noise made sources of 40 MB and player
 * controls hard to read over it. Then two long ones, so each duration filter of SPEC.md §3
 * (under 10, 10-40, over 40 minutes) finds videos: 240p (one rung), 15 fps and a clock,
 * rendered last and encoded after everything else (`isLongClip`). The 42-minute clip is the
 * static colour bars, which x264 encodes fast and small (decision 0033 has the numbers).
 */
export const DEMO_CLIPS: readonly DemoClip[] = Object.freeze([
  { width: 1280, height: 720, durationS: 24, pattern: 'testsrc2' },
  { width: 854, height: 480, durationS: 18, pattern: 'gradients' },
  { width: 1280, height: 720, durationS: 27, pattern: 'gradients' },
  { width: 640, height: 360, durationS: 21, pattern: 'testsrc2' },
  { width: 1280, height: 720, durationS: 15, pattern: 'smptehdbars' },
  { width: 854, height: 480, durationS: 30, pattern: 'testsrc2' },
  { width: 426, height: 240, durationS: 12 * 60, pattern: 'gradients', fps: 15, clock: true },
  { width: 426, height: 240, durationS: 42 * 60, pattern: 'smptehdbars', fps: 15, clock: true },
]);

/**
 * A clip of ten minutes or more: its source is rendered after the short clips' and its steps
 * run after every other video's (a background run), so it never delays them.
 */
export function isLongClip(clip: DemoClip): boolean {
  return clip.durationS >= 600;
}

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

/** What the pool asks of the job queue (the server's): a pipeline run for a clip. */
export interface ClipQueue {
  send(
    name: 'media.process-video',
    payload: { videoId: number; background?: boolean },
  ): Promise<unknown>;
}

/** The calls the pool makes on the server's video media repository. */
export interface ClipMedia {
  /** Copies what every clip has made so far to the videos that play it. */
  shareOutputs(): Promise<unknown>;
  /** Records a clip's rendered source; `keepStatus`: the clip row stays hidden. */
  setSource(id: number, sourceKey: string, opts: { keepStatus: boolean }): Promise<unknown>;
}

export interface DemoPoolDeps {
  database: Database;
  storage: MediaStorage;
  jobs: ClipQueue;
  media: ClipMedia;
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

/** Whether any of these clips still has a pipeline step waiting or running on the queue. */
export async function clipsAtWork(
  database: Pick<Database, 'query'>,
  ids: readonly number[],
): Promise<boolean> {
  if (ids.length === 0) return false;
  const rows = await database.query<{ busy: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pgboss.job
                     WHERE name IN ('media.process-video', 'media.task')
                       AND state IN ('created', 'retry', 'active')
                       AND (data->>'videoId')::int = ANY($1::int[])) AS busy`,
    [ids],
  );
  return rows[0]?.busy === true;
}

/**
 * Polls `busy` until it answers false (resolves true), or gives up when the time is up
 * (false) or the signal aborts (false): a bound, so a queue that no process works on never
 * holds the caller for good.
 */
export async function waitWhile(
  busy: () => Promise<boolean>,
  o: { intervalMs: number; timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<boolean> {
  const deadline = Date.now() + o.timeoutMs;
  for (;;) {
    if (o.signal?.aborted) return false;
    if (!(await busy())) return true;
    if (Date.now() >= deadline) return false;
    await sleep(o.intervalMs, undefined, { signal: o.signal }).catch(() => {});
  }
}

/**
 * Renders the source of every clip that has none and queues the pipeline for it; on a later
 * start, also runs again a clip whose run failed or whose job was lost. A clip that is done
 * or still queued is left alone, so a restart never encodes the pool again. The long clips'
 * sources wait until the short clips have nothing left on the queue. Resolves with the clip
 * ids queued now.
 */
export async function renderDemoPool(deps: DemoPoolDeps): Promise<number[]> {
  const { media } = deps;
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
  const long = (clip: ClipState) => {
    const spec = DEMO_CLIPS[clip.slot];
    return spec !== undefined && isLongClip(spec);
  };
  const shortIds = clips.filter((clip) => !long(clip)).map((clip) => Number(clip.id));
  let waited = false;
  const scratch = await mkdtemp(path.join(tmpdir(), 'afterglow-demo-'));
  const queued: number[] = [];
  try {
    for (const clip of todo) {
      if (deps.signal?.aborted) break;
      const id = Number(clip.id);
      const spec = DEMO_CLIPS[clip.slot];
      if (!spec) continue;
      if (clip.source === null && long(clip) && !waited) {
        // Rendering a long source beside the short clips' encodes took the CPU they need:
        // on two cores it held their completion back by about as long as it ran.
        waited = true;
        deps.log.info({ clips: queued }, 'long demo clips wait for the short ones to be made');
        await waitWhile(() => clipsAtWork(deps.database, shortIds), {
          intervalMs: 2000,
          timeoutMs: 15 * 60_000,
          signal: deps.signal,
        });
        if (deps.signal?.aborted) break;
      }
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
            ...(spec.fps ? { fps: spec.fps } : {}),
            ...(spec.clock ? { clock: true } : {}),
          }),
          // The 42-minute clip's source takes about a minute; real time is room to spare.
          { timeoutMs: Math.max(120_000, spec.durationS * 1000), signal: deps.signal },
        );
        if (deps.signal?.aborted) break;
        const key = videoSourceKey(id, 'mp4');
        await deps.storage.putFile(key, output, { move: true });
        await media.setSource(id, key, { keepStatus: true });
      }
      await deps.jobs.send('media.process-video', {
        videoId: id,
        ...(isLongClip(spec) ? { background: true } : {}),
      });
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
