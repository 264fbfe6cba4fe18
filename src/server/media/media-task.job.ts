import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { MediaTask, VideoMedia } from '../../db/schema.ts';
import { runFfmpeg } from '../../media/exec.ts';
import { hoverClipArgs, MediaError, mp4Args, remuxArgs } from '../../media/ffmpeg.ts';
import { hlsRungArgs, ladderFor, masterPlaylist, rungWidth } from '../../media/hls.ts';
import { type MediaInput, ownHlsInput } from '../../media/input.ts';
import {
  hlsMasterKey,
  hlsRungDir,
  timelineDir,
  type VideoFileFormat,
  videoDir,
  videoFileKey,
  videoHoverKey,
} from '../../media/keys.ts';
import { THUMB_SIZE } from '../../media/sizes.ts';
import { sourceInput } from '../../media/sniff.ts';
import type { MediaStorage } from '../../media/storage.ts';
import {
  spriteArgs,
  TIMELINE_TILE,
  timelineFileName,
  timelinePlan,
  timelineVtt,
} from '../../media/timeline.ts';
import type { JobContext, JobDefinition } from '../kernel/jobs/queue.ts';
import { failureCode, taskTimeoutS } from './media-process-video.job.ts';
import { beginStep, type StepWork } from './media-work.ts';
import type { VideoMediaRepository } from './video-media.repository.ts';

// One step of the media pipeline (docs/decisions/0011): an HLS rung, the sprite timeline,
// the hover clip or the MP4 downloads. Each is a job of its own, so a failed rung is retried
// alone. Outputs are made in a scratch folder and moved into storage only when complete: a
// crash mid-step leaves nothing half-written, and the retry starts clean (once an ffmpeg the
// crash left behind is gone: media-work.ts). A step of a run that is no longer current (the
// video was processed again) or that gave up (the video failed) does nothing. A step that
// fails for good fails a video still processing: a corrupted source at once, anything else
// when its retries are spent (docs/decisions/0021).

export const HOVER_CLIP = { scenes: 4, sceneS: 1.5 } as const;
const TRAILER_S = 10;
const TASK_RETRIES = 3;
/** How often running progress is written (PGlite answers one query at a time). */
const PROGRESS_EVERY_MS = 2000;

export interface MediaTaskDeps {
  videos: VideoMediaRepository;
  storage: MediaStorage;
  ffmpegPath: string;
  /** Before the first retry (doubling after); tests set 0. */
  retryDelaySeconds?: number;
}

interface Step {
  id: number;
  gen: number;
  media: VideoMedia & { probe: NonNullable<VideoMedia['probe']> };
  source: MediaInput;
  scratch: string;
  pidFile: string;
  timeoutMs: number;
  ctx: JobContext;
  progress(fraction: number): void;
}

export function mediaTaskJob(deps: MediaTaskDeps): JobDefinition<'media.task'> {
  return {
    retryLimit: TASK_RETRIES,
    retryDelaySeconds: deps.retryDelaySeconds ?? 20,
    deadLetter: 'media.failed',
    // Each step's own limit is taskTimeoutS (its ffmpeg is killed then); this is the backstop.
    timeoutSeconds: 6 * 3600,
    concurrency: 1,
    async handler({ videoId, gen, task }, ctx) {
      const video = await deps.videos.getForProcessing(videoId);
      const media = video?.media;
      if (!media || media.gen !== gen || !media.probe || !media.source) {
        ctx.log.info({ videoId, gen, task }, 'media step of an old run: skipped');
        return;
      }
      if (video.status_id === VIDEO_STATUS.error) {
        ctx.log.info({ videoId, gen, task }, 'media step of a failed video: skipped');
        return;
      }
      const set = (patch: MediaTask) => deps.videos.setTask(videoId, gen, task, patch);
      await set({ state: 'running', progress: 0, attempts: ctx.attempt });
      let lastWrite = 0;
      const progress = (fraction: number) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = now;
        const value = Math.round(Math.min(1, Math.max(0, fraction)) * 100) / 100;
        void set({ state: 'running', progress: value, attempts: ctx.attempt }).catch(() => {});
      };
      let work: StepWork | undefined;
      try {
        work = await beginStep(deps.storage, videoId, task, ctx.log);
        await runStep(deps, task, {
          id: videoId,
          gen,
          media: media as Step['media'],
          source: await sourceInput(deps.storage.localPath(media.source)),
          scratch: work.scratch,
          pidFile: work.pidFile,
          timeoutMs: taskTimeoutS(task, media.probe.duration) * 1000,
          ctx,
          progress,
        });
        await set({ state: 'done', progress: 1, attempts: ctx.attempt });
        ctx.log.info({ videoId, gen, task }, 'media step done');
      } catch (error) {
        const code = failureCode(error);
        const final = code === 'video_corrupted_file' || ctx.attempt > TASK_RETRIES;
        const message = error instanceof Error ? error.message.slice(-500) : String(error);
        await set({ state: final ? 'failed' : 'queued', attempts: ctx.attempt, error: message });
        if (!final) throw error;
        await deps.videos.markFailed(videoId, code, gen);
        ctx.log.warn({ videoId, gen, task, code, err: error }, 'media step failed for good');
        // A corrupted source never gets better: no retry.
        if (code !== 'video_corrupted_file') throw error;
      } finally {
        await work?.done();
      }
    },
  };
}

async function runStep(deps: MediaTaskDeps, task: string, step: Step): Promise<void> {
  if (task.startsWith('hls:')) return hlsStep(deps, Number(task.slice(4)), step);
  if (task === 'timeline') return timelineStep(deps, step);
  if (task === 'hover') return hoverStep(deps, step);
  if (task === 'mp4') return mp4Step(deps, step);
  throw new MediaError('failed', `unknown media step ${task}`);
}

function ffmpeg(deps: MediaTaskDeps, step: Step, args: string[], share = 1) {
  const duration = step.media.probe.duration;
  return runFfmpeg(deps.ffmpegPath, args, {
    ...runOptions(step),
    onProgress: (seconds) => step.progress((seconds / duration) * share),
  });
}

function runOptions(step: Step) {
  return { timeoutMs: step.timeoutMs, signal: step.ctx.signal, pidFile: step.pidFile };
}

/** The rungs of this video by height, with the width each comes out at. */
function rungsOf(media: Step['media']) {
  const { width, height } = media.probe;
  return ladderFor(height).map((rung) => ({ rung, width: rungWidth(width, height, rung.height) }));
}

async function hlsStep(deps: MediaTaskDeps, height: number, step: Step) {
  const { probe } = step.media;
  const entry = rungsOf(step.media).find((r) => r.rung.height === height);
  if (!entry) throw new MediaError('failed', `no ${height}p rung for a ${probe.height}p source`);
  const outDir = path.join(step.scratch, String(height));
  await mkdir(outDir);
  await ffmpeg(
    deps,
    step,
    hlsRungArgs({
      input: step.source,
      outDir,
      rung: entry.rung,
      width: entry.width,
      hasAudio: probe.hasAudio,
      frameRate: probe.fps,
    }),
  );
  await deps.storage.putDir(hlsRungDir(step.id, step.gen, height), outDir);
  // The master lists every rung published so far, this one included.
  const published = new Set([...(step.media.rungs ?? []), height]);
  const current = await deps.videos.getForProcessing(step.id);
  for (const h of current?.media.gen === step.gen ? (current.media.rungs ?? []) : []) {
    published.add(h);
  }
  const master = masterPlaylist(
    rungsOf(step.media)
      .filter((r) => published.has(r.rung.height))
      .map((r) => ({
        rung: r.rung,
        width: r.width,
        height: r.rung.height,
        path: `${r.rung.height}/index.m3u8`,
        hasAudio: probe.hasAudio,
        frameRate: probe.fps,
      })),
  );
  const masterKey = hlsMasterKey(step.id, step.gen);
  await deps.storage.put(masterKey, Buffer.from(master));
  await deps.videos.publishRung(step.id, step.gen, height, masterKey);
}

async function timelineStep(deps: MediaTaskDeps, step: Step) {
  const { duration } = step.media.probe;
  const plan = timelinePlan(duration);
  const outDir = path.join(step.scratch, 'timeline');
  await mkdir(outDir);
  const tile = { tileWidth: TIMELINE_TILE.width, tileHeight: TIMELINE_TILE.height };
  // From the smallest published rung, every frame decoded (cheap at that size, and a tile
  // for every interval); else from the source's keyframes only (fast, but an upload with
  // sparse keyframes repeats tiles).
  const smallest = step.media.rungs?.at(-1);
  const input = smallest
    ? ownHlsInput(deps.storage.localPath(`${hlsRungDir(step.id, step.gen, smallest)}/index.m3u8`))
    : step.source;
  await ffmpeg(
    deps,
    step,
    spriteArgs({
      input,
      output: path.join(outDir, 'sprite.jpg'),
      plan,
      keyframesOnly: !smallest,
      ...tile,
    }),
  );
  const name = timelineFileName(step.id, plan);
  // The sprite is named relative to the VTT, so a signed folder URL covers both.
  await writeFile(
    path.join(outDir, name),
    timelineVtt({ plan, spriteUrl: 'sprite.jpg', durationS: duration, ...tile }),
  );
  const dir = timelineDir(step.id, step.gen);
  await deps.storage.putDir(dir, outDir);
  await deps.videos.setOutputs(step.id, step.gen, { timeline: `${dir}/${name}` });
}

async function hoverStep(deps: MediaTaskDeps, step: Step) {
  const output = path.join(step.scratch, 'hover.mp4');
  await ffmpeg(
    deps,
    step,
    hoverClipArgs({
      input: step.source,
      output,
      durationS: step.media.probe.duration,
      ...THUMB_SIZE,
      ...HOVER_CLIP,
    }),
  );
  await deps.storage.putFile(videoHoverKey(step.id), output, { move: true });
  await deps.videos.setOutputs(step.id, step.gen, { hover: videoHoverKey(step.id) });
}

/**
 * The downloads: `_hq` and `_lq` are the 720 and 480 rungs (or the nearest below) joined
 * into one progressive MP4 without encoding again; `_tr` is a short trailer encoded from
 * the source. A rung that is not there yet is encoded from the source instead.
 */
async function mp4Step(deps: MediaTaskDeps, step: Step) {
  const heights = rungsOf(step.media).map((r) => r.rung.height);
  const pick = (max: number) => heights.find((h) => h <= max) ?? heights[heights.length - 1];
  const files: Partial<Record<VideoFileFormat, string>> = {};
  const plan: [VideoFileFormat, number | undefined][] = [
    ['_hq.mp4', pick(720)],
    ['_lq.mp4', pick(480)],
  ];
  const duration = step.media.probe.duration;
  for (const [index, [format, height]] of plan.entries()) {
    // A source under 480 lines has one rung for both: one file under both names, not two
    // copies (a 42-minute 240p video's is 55 MB).
    const same = plan.slice(0, index).find(([, h]) => h === height)?.[0];
    if (same && files[same]) {
      files[format] = files[same];
      continue;
    }
    const output = path.join(step.scratch, `${step.id}${format}`);
    const rungDir = height ? deps.storage.localPath(hlsRungDir(step.id, step.gen, height)) : '';
    const joined = height
      ? await joinRung(rungDir, path.join(step.scratch, `${height}.mp4`))
      : undefined;
    if (joined) {
      // Our own fragmented MP4, read as one.
      await runFfmpeg(
        deps.ffmpegPath,
        remuxArgs({ path: joined, format: 'mov' }, output),
        runOptions(step),
      );
    } else {
      await ffmpeg(
        deps,
        step,
        mp4Args({
          input: step.source,
          output,
          maxHeight: height ?? 720,
          crf: 23,
          preset: 'veryfast',
          audioKbps: 128,
        }),
      );
    }
    step.progress((index + 1) / 3);
    await deps.storage.putFile(videoFileKey(step.id, format), output, { move: true });
    files[format] = videoFileKey(step.id, format);
  }
  const trailer = path.join(step.scratch, `${step.id}_tr.mp4`);
  const start = Math.max(0, Math.min(duration * 0.2, duration - TRAILER_S));
  await runFfmpeg(
    deps.ffmpegPath,
    mp4Args({
      input: step.source,
      output: trailer,
      maxHeight: 360,
      crf: 28,
      preset: 'veryfast',
      audioKbps: 96,
      startS: Math.floor(start),
      durationS: Math.min(TRAILER_S, duration),
    }),
    runOptions(step),
  );
  await deps.storage.putFile(videoFileKey(step.id, '_tr.mp4'), trailer, { move: true });
  files['_tr.mp4'] = videoFileKey(step.id, '_tr.mp4');
  await deps.videos.setOutputs(step.id, step.gen, { files });
  // The run is complete: older generations' streaming files can go.
  await removeOldGenerations(deps.storage, step.id, step.gen);
}

/**
 * A rung's init segment and media segments concatenated in playlist order: one valid
 * fragmented MP4. Undefined when the rung is not (yet) in storage.
 */
async function joinRung(rungDir: string, output: string): Promise<string | undefined> {
  let playlist: string;
  try {
    playlist = await readFile(path.join(rungDir, 'index.m3u8'), 'utf8');
  } catch {
    return undefined;
  }
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
  const segments = playlist.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  if (!init || segments.length === 0) return undefined;
  // Segments are a few MB each: read one at a time into the joined file.
  const out = await open(output, 'w');
  try {
    for (const name of [init, ...segments]) {
      if (!/^[\w.-]+$/.test(name))
        throw new MediaError('failed', `unexpected segment name ${name}`);
      await out.write(await readFile(path.join(rungDir, name)));
    }
  } finally {
    await out.close();
  }
  return output;
}

async function removeOldGenerations(storage: MediaStorage, id: number, gen: number) {
  for (let old = gen - 1; old >= Math.max(1, gen - 5); old--) {
    await storage.remove(`${videoDir(id)}/g${old}`);
  }
}
