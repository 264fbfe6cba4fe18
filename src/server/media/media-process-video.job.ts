import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { mediaTaskKey } from '../../contracts/media-task.ts';
import { z } from '../../contracts/zod.ts';
import { runFfprobe } from '../../media/exec.ts';
import { ladderFor, rungWidth } from '../../media/hls.ts';
import { sourceInput } from '../../media/sniff.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { FingerprintService } from '../fingerprints/fingerprint.service.ts';
import type { JobContext, JobDefinition } from '../kernel/jobs/queue.ts';
import { failureCode, planTasks, taskPriority, taskTimeoutS } from './media-steps.ts';
import {
  beginStep,
  isDeletedVideo,
  preparedDirKey,
  preparedRungKey,
  removeFilesIfDeleted,
  type StepWork,
  sideBySide,
} from './media-work.ts';
import { takeFingerprintWithRung } from './steps/fingerprint.ts';
import { SCREENSHOT_AT, takeScreenshots } from './steps/screenshots.ts';
import type { VideoMediaRepository } from './video-media.repository.ts';

// The first step of the media pipeline (docs/decisions/0011): ffprobe decides whether the
// upload is a video at all, the screenshots are taken (one becomes the preview and thumb),
// the fingerprint is taken and screened (decision 0056) by the same decode that encodes the
// first playable HLS rung (decision 0060), and the steps are queued as `media.task` jobs,
// each with its own retries. The first rung's goes first and publishes the rung prepared
// here (or encodes it, on a retry), so the video is published as soon as it can play.
// A source that is not a usable video fails the video at once (`video_corrupted_file`);
// any other failure does when the retries are spent (`video_upload_error`). The screenshots
// are steps/screenshots.ts; the plan and its priorities are media-steps.ts.

export interface ProcessVideoDeps {
  videos: VideoMediaRepository;
  storage: MediaStorage;
  ffmpegPath: string;
  ffprobePath: string;
  /** Before the first retry (doubling after); tests set 0. */
  retryDelaySeconds?: number;
  /**
   * Keeps each video's fingerprint and screens new uploads with it (decision 0056): a
   * refused or duplicate upload stops here, before any of it is published.
   */
  fingerprints?: Pick<FingerprintService, 'screen'>;
}

const RETRIES = 3;

const payloadSchema = z.object({
  videoId: z.number().int().positive(),
  background: z.boolean().optional(),
});

export function processVideoJob(deps: ProcessVideoDeps): JobDefinition<'media.process-video'> {
  return {
    retryLimit: RETRIES,
    retryDelaySeconds: deps.retryDelaySeconds ?? 15,
    deadLetter: 'media.failed',
    // Its ffmpeg runs are limited by the video's length (the first rung's: taskTimeoutS);
    // this is the backstop.
    timeoutSeconds: 6 * 3600,
    concurrency: 1,
    parse: (data) => payloadSchema.parse(data),
    async handler({ videoId, background }, ctx) {
      const video = await deps.videos.getForProcessing(videoId);
      if (!video?.media.source) {
        ctx.log.warn({ videoId }, 'nothing to process');
        return;
      }
      if (isDeletedVideo(video)) {
        ctx.log.info({ videoId }, 'processing of a deleted video: skipped');
        return;
      }
      let work: StepWork | undefined;
      try {
        work = await beginStep(deps.storage, videoId, 'process', ctx.log);
        // A new upload (not a re-run of a published video, nor a demo's shared clip).
        const upload =
          video.status_id === VIDEO_STATUS.processing && video.media.pool === undefined;
        await processSource(deps, videoId, video.media.source, work, ctx, {
          background: background === true,
          upload,
        });
        await removeFilesIfDeleted(deps, videoId, ctx.log);
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
  { background, upload }: { background: boolean; upload: boolean },
): Promise<void> {
  const run = { timeoutMs: 60_000, signal, pidFile: work.pidFile };
  const source = await sourceInput(deps.storage.localPath(sourceKey));
  const probe = await runFfprobe(deps.ffprobePath, source, run);

  const screenshots = (pidFile: string, stop: AbortSignal) =>
    takeScreenshots(deps, {
      videoId,
      source,
      durationS: probe.durationS,
      scratch: work.scratch,
      run: { ...run, signal: stop, pidFile },
    });

  const steps = planTasks(probe.height);
  // The first rung is encoded by the fingerprint's decode (decision 0060), and kept
  // unpublished in this step's scratch until the fingerprint has been screened. The
  // screenshots are taken beside that ffmpeg (3-4 s before it, for a 60 s 1080p source), on
  // what its decode and the rung's single-threaded parts leave of two cores.
  let prepared: { height: number; dir: string } | undefined;
  if (!deps.fingerprints) {
    await screenshots(work.pidFile, signal);
  } else {
    const [first] = steps;
    const rung = ladderFor(probe.height).find(
      (r) => first?.name === 'hls' && r.height === first.height,
    );
    if (!rung) throw new Error(`no first rung for a ${probe.height}p source`);
    const outDir = path.join(work.scratch, 'first');
    prepared = { height: rung.height, dir: outDir };
    const [, hashes] = await sideBySide(
      signal,
      (stop) => screenshots(work.sidePidFile, stop),
      (stop) =>
        takeFingerprintWithRung({
          ffmpegPath: deps.ffmpegPath,
          rung: {
            input: source,
            rung,
            width: rungWidth(probe.width, probe.height, rung.height),
            hasAudio: probe.hasAudio,
            frameRate: probe.frameRate,
          },
          outDir,
          durationS: probe.durationS,
          scratch: work.scratch,
          run: {
            signal: stop,
            pidFile: work.pidFile,
            timeoutMs: taskTimeoutS({ name: 'hls', height: rung.height }, probe.durationS) * 1000,
          },
        }),
    );
    const { outcome } = await deps.fingerprints.screen(videoId, hashes, { screen: upload, log });
    if (outcome === 'refused' || outcome === 'duplicate') {
      log.info({ videoId, outcome }, 'upload stopped by its fingerprint');
      return;
    }
  }

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
  // Older runs' prepared rungs are of no use now; this run's goes where its step finds it.
  await deps.storage.remove(preparedDirKey(videoId));
  if (prepared) {
    const target = deps.storage.localPath(preparedRungKey(videoId, gen, prepared.height));
    await mkdir(path.dirname(target), { recursive: true });
    await rename(prepared.dir, target);
  }
  // One queue runs the steps two at a time (media-task.job.ts), highest priority first: the
  // order above. The first rung's step only publishes what was prepared here.
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
