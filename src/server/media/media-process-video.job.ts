import { access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { type MediaStep, mediaTaskKey } from '../../contracts/media-task.ts';
import { z } from '../../contracts/zod.ts';
import { runFfmpeg, runFfprobe } from '../../media/exec.ts';
import { MediaError, screenshotArgs } from '../../media/ffmpeg.ts';
import { ladderFor } from '../../media/hls.ts';
import {
  chosenPreviewKey,
  videoPreviewKey,
  videoScreenshotKey,
  videoThumbKey,
} from '../../media/keys.ts';
import { PREVIEW_SIZE, THUMB_SIZE } from '../../media/sizes.ts';
import { sourceInput } from '../../media/sniff.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { JobContext, JobDefinition } from '../kernel/jobs/queue.ts';
import { taskTimeoutS } from './media-steps.ts';
import { beginStep, type StepWork } from './media-work.ts';
import type { VideoMediaRepository } from './video-media.repository.ts';

// The first step of the media pipeline (docs/decisions/0011): ffprobe decides whether the
// upload is a video at all, the screenshots are taken (one becomes the preview and thumb),
// and the remaining steps are queued as `media.task` jobs, each with its own retries. The
// first playable HLS rung goes first, so the video is published as soon as it can play.
// A source that is not a usable video fails the video at once (`video_corrupted_file`);
// any other failure does when the retries are spent (`video_upload_error`).

/** Screenshots across the video; the second (at 30%) is the preview, as before. */
export const SCREENSHOT_AT = [0.1, 0.3, 0.5, 0.7, 0.9] as const;
const PREVIEW_INDEX = 1;

/** The rung published first: 480 plays everywhere and encodes fast; else the best there is. */
export function firstRung(heights: number[]): number {
  return heights.includes(480) ? 480 : (heights[0] ?? 0);
}

/**
 * The steps of a run in the order they should run: the first rung, then the timeline and
 * hover clip (small, make the page complete), the other rungs best first, the downloads.
 */
export function planTasks(sourceHeight: number): MediaStep[] {
  const heights = ladderFor(sourceHeight).map((rung) => rung.height);
  const first = firstRung(heights);
  return [
    { name: 'hls', height: first },
    { name: 'timeline' },
    { name: 'hover' },
    ...heights.filter((h) => h !== first).map((height) => ({ name: 'hls' as const, height })),
    { name: 'mp4' },
  ];
}

/** Below the lowest priority of any run's steps (a plan has at most seven). */
const BACKGROUND_PRIORITY = -100;

/**
 * A step's priority on the queue (higher first): a run's steps in plan order, and every step
 * of a background run after every step of the others, whenever they were queued.
 */
export function taskPriority(index: number, count: number, background = false): number {
  return count - index + (background ? BACKGROUND_PRIORITY : 0);
}

export interface ProcessVideoDeps {
  videos: VideoMediaRepository;
  storage: MediaStorage;
  ffmpegPath: string;
  ffprobePath: string;
  /** Before the first retry (doubling after); tests set 0. */
  retryDelaySeconds?: number;
}

const RETRIES = 3;

const payloadSchema = z.object({
  videoId: z.number().int().positive(),
  background: z.boolean().optional(),
});
/** How far before a screenshot's time decoding starts when a plain seek finds no frame. */
const SEEK_LEAD_S = 60;

/** Why a video failed, for the member (SPEC.md §8): their file, or our side. */
export function failureCode(error: unknown): 'video_corrupted_file' | 'video_upload_error' {
  return error instanceof MediaError && error.code === 'video_corrupted_file'
    ? 'video_corrupted_file'
    : 'video_upload_error';
}

export function processVideoJob(deps: ProcessVideoDeps): JobDefinition<'media.process-video'> {
  return {
    retryLimit: RETRIES,
    retryDelaySeconds: deps.retryDelaySeconds ?? 15,
    deadLetter: 'media.failed',
    timeoutSeconds: 600,
    concurrency: 1,
    parse: (data) => payloadSchema.parse(data),
    async handler({ videoId, background }, ctx) {
      const video = await deps.videos.getForProcessing(videoId);
      if (!video?.media.source) {
        ctx.log.warn({ videoId }, 'nothing to process');
        return;
      }
      let work: StepWork | undefined;
      try {
        work = await beginStep(deps.storage, videoId, 'process', ctx.log);
        await processSource(deps, videoId, video.media.source, work, ctx, background === true);
      } catch (error) {
        const code = failureCode(error);
        if (code !== 'video_corrupted_file' && ctx.attempt <= RETRIES) throw error;
        await deps.videos.markFailed(videoId, code);
        ctx.log.warn({ videoId, code, err: error }, 'video failed');
        // A broken upload never gets better: no retry.
        if (code !== 'video_corrupted_file') throw error;
      } finally {
        await work?.done();
      }
    },
  };
}

async function processSource(
  deps: ProcessVideoDeps,
  videoId: number,
  sourceKey: string,
  work: StepWork,
  { signal, log, send }: JobContext,
  background: boolean,
): Promise<void> {
  const run = { timeoutMs: 60_000, signal, pidFile: work.pidFile };
  const source = await sourceInput(deps.storage.localPath(sourceKey));
  const probe = await runFfprobe(deps.ffprobePath, source, run);

  const chosen = (await deps.storage.exists(chosenPreviewKey(videoId)))
    ? deps.storage.localPath(chosenPreviewKey(videoId))
    : undefined;
  for (const [index, at] of SCREENSHOT_AT.entries()) {
    const frame = path.join(work.scratch, `frame-${index}.png`);
    const atS = probe.durationS * at;
    const shot = async (decodeFromS?: number) => {
      await runFfmpeg(
        deps.ffmpegPath,
        screenshotArgs({ input: source, output: frame, atS, decodeFromS, ...PREVIEW_SIZE }),
        run,
      );
      return access(frame).then(
        () => true,
        () => false,
      );
    };
    // ffmpeg ends well with no frame when its seek finds none: sparse keyframes (decoding
    // the minute before finds it) or a file shorter than it says, a truncated upload,
    // which every encode would cut short too.
    if (!(await shot()) && !(await shot(atS - SEEK_LEAD_S))) {
      throw new MediaError(
        'video_corrupted_file',
        `Not a usable video: no frame at ${atS.toFixed(1)} s of ${probe.durationS} s`,
      );
    }
    const jpeg = await sharp(frame).jpeg({ quality: 80 }).toBuffer();
    await deps.storage.put(videoScreenshotKey(videoId, index + 1), jpeg);
    if (index === PREVIEW_INDEX && !chosen) await putPreview(deps.storage, videoId, frame);
  }
  if (chosen) await putPreview(deps.storage, videoId, chosen);

  const steps = planTasks(probe.height);
  const tasks = steps.map(mediaTaskKey);
  const gen = await deps.videos.startRun(videoId, {
    probe: {
      duration: probe.durationS,
      width: probe.width,
      height: probe.height,
      hasAudio: probe.hasAudio,
      fps: probe.frameRate,
    },
    screenshots: SCREENSHOT_AT.length,
    tasks,
  });
  // One queue runs the steps one at a time, highest priority first: the order above.
  for (const [index, step] of steps.entries()) {
    await send(
      'media.task',
      { videoId, gen, task: mediaTaskKey(step) },
      {
        priority: taskPriority(index, steps.length, background),
        expireInSeconds: taskTimeoutS(step, probe.durationS),
      },
    );
  }
  log.info({ videoId, gen, tasks, height: probe.height, background }, 'media pipeline planned');
}

/** The main screenshot (`scr`, 640x360 JPEG) and the thumb (320x180 WebP) from one image. */
async function putPreview(storage: MediaStorage, videoId: number, image: string): Promise<void> {
  const cover = { fit: 'cover' as const };
  await storage.put(
    videoPreviewKey(videoId),
    await sharp(image)
      .resize(PREVIEW_SIZE.width, PREVIEW_SIZE.height, cover)
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
  await storage.put(
    videoThumbKey(videoId),
    await sharp(image)
      .resize(THUMB_SIZE.width, THUMB_SIZE.height, cover)
      .webp({ quality: 72 })
      .toBuffer(),
  );
}
