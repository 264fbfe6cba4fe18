import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { runFfmpeg, runFfprobe } from '../../media/exec.ts';
import { MediaError, screenshotArgs } from '../../media/ffmpeg.ts';
import { ladderFor } from '../../media/hls.ts';
import { videoDir, videoPreviewKey, videoScreenshotKey, videoThumbKey } from '../../media/keys.ts';
import { PREVIEW_SIZE, THUMB_SIZE } from '../../media/placeholder-art.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { VideoMediaRepository } from '../repositories/video-media.repository.ts';
import type { JobDefinition } from './queue.ts';

// The first step of the media pipeline (docs/decisions/0011): ffprobe decides whether the
// upload is a video at all, the screenshots are taken (one becomes the preview and thumb),
// and the remaining steps are queued as `media.task` jobs, each with its own retries. The
// first playable HLS rung goes first, so the video is published as soon as it can play.

/** Screenshots across the video; the second (at 30%) is the preview, as before. */
export const SCREENSHOT_AT = [0.1, 0.3, 0.5, 0.7, 0.9] as const;
const PREVIEW_INDEX = 1;

/**
 * The preview a member chose for an upload (a frame or an own image, docs/decisions/0015).
 * While it is stored it is the main screenshot, in every run; else the frame at 30% is.
 */
export function chosenPreviewKey(id: number): string {
  return `${videoDir(id)}/chosen-preview.jpg`;
}

/** The rung published first: 480 plays everywhere and encodes fast; else the best there is. */
export function firstRung(heights: number[]): number {
  return heights.includes(480) ? 480 : (heights[0] ?? 0);
}

/**
 * The steps of a run in the order they should run: the first rung, then the timeline and
 * hover clip (small, make the page complete), the other rungs best first, the downloads.
 */
export function planTasks(sourceHeight: number): string[] {
  const heights = ladderFor(sourceHeight).map((rung) => rung.height);
  const first = firstRung(heights);
  return [
    `hls:${first}`,
    'timeline',
    'hover',
    ...heights.filter((h) => h !== first).map((h) => `hls:${h}`),
    'mp4',
  ];
}

export interface ProcessVideoDeps {
  videos: VideoMediaRepository;
  storage: MediaStorage;
  ffmpegPath: string;
  ffprobePath: string;
}

export function processVideoJob(deps: ProcessVideoDeps): JobDefinition<'media.process-video'> {
  return {
    retryLimit: 3,
    retryDelaySeconds: 15,
    timeoutSeconds: 600,
    concurrency: 1,
    async handler({ videoId }, { signal, log, send }) {
      const video = await deps.videos.getForProcessing(videoId);
      const sourceKey = video?.media.source;
      if (!video || !sourceKey) {
        log.warn({ videoId }, 'nothing to process');
        return;
      }
      const source = deps.storage.localPath(sourceKey);
      let probe: Awaited<ReturnType<typeof runFfprobe>>;
      try {
        probe = await runFfprobe(deps.ffprobePath, source, { timeoutMs: 60_000, signal });
      } catch (error) {
        if (error instanceof MediaError && error.code === 'video_corrupted_file') {
          // A broken upload never gets better: fail the video, do not retry the job.
          await deps.videos.markFailed(videoId, error.code);
          log.warn({ videoId, err: error }, 'source is not a usable video');
          return;
        }
        throw error;
      }

      const chosen = (await deps.storage.exists(chosenPreviewKey(videoId)))
        ? deps.storage.localPath(chosenPreviewKey(videoId))
        : undefined;
      const scratch = await mkdtemp(path.join(tmpdir(), `afterglow-${videoId}-`));
      try {
        for (const [index, at] of SCREENSHOT_AT.entries()) {
          const frame = path.join(scratch, `frame-${index}.png`);
          await runFfmpeg(
            deps.ffmpegPath,
            screenshotArgs({
              input: source,
              output: frame,
              atS: probe.durationS * at,
              ...PREVIEW_SIZE,
            }),
            { timeoutMs: 60_000, signal },
          );
          const jpeg = await sharp(frame).jpeg({ quality: 80 }).toBuffer();
          await deps.storage.put(videoScreenshotKey(videoId, index + 1), jpeg);
          if (index === PREVIEW_INDEX && !chosen) await putPreview(deps.storage, videoId, frame);
        }
        if (chosen) await putPreview(deps.storage, videoId, chosen);
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }

      const tasks = planTasks(probe.height);
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
      for (const [index, task] of tasks.entries()) {
        await send(
          'media.task',
          { videoId, gen, task },
          { priority: tasks.length - index, expireInSeconds: taskTimeoutS(task, probe.durationS) },
        );
      }
      log.info({ videoId, gen, tasks, height: probe.height }, 'media pipeline planned');
    },
  };
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

/**
 * Longest one step may run, from the video's length: x264 veryfast on two cores does a
 * 1080p rung at about real time, so 6× leaves room for a busy machine.
 */
export function taskTimeoutS(task: string, durationS: number): number {
  const factor = task === 'mp4' ? 3 : task.startsWith('hls:') ? 6 : 1;
  return Math.round(Math.max(300, durationS * factor + 120));
}
