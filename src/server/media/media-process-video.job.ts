import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { mediaTaskKey } from '../../contracts/media-task.ts';
import { z } from '../../contracts/zod.ts';
import { runFfprobe } from '../../media/exec.ts';
import { sourceInput } from '../../media/sniff.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { FingerprintService } from '../fingerprints/fingerprint.service.ts';
import type { JobContext, JobDefinition } from '../kernel/jobs/queue.ts';
import { failureCode, planTasks, taskPriority, taskTimeoutS } from './media-steps.ts';
import { beginStep, type StepWork } from './media-work.ts';
import { takeFingerprint } from './steps/fingerprint.ts';
import { SCREENSHOT_AT, takeScreenshots } from './steps/screenshots.ts';
import type { VideoMediaRepository } from './video-media.repository.ts';

// The first step of the media pipeline (docs/decisions/0011): ffprobe decides whether the
// upload is a video at all, the screenshots are taken (one becomes the preview and thumb),
// and the remaining steps are queued as `media.task` jobs, each with its own retries. The
// first playable HLS rung goes first, so the video is published as soon as it can play.
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
        // A new upload (not a re-run of a published video, nor a demo's shared clip).
        const upload =
          video.status_id === VIDEO_STATUS.processing && video.media.pool === undefined;
        await processSource(deps, videoId, video.media.source, work, ctx, {
          background: background === true,
          upload,
        });
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

  await takeScreenshots(deps, {
    videoId,
    source,
    durationS: probe.durationS,
    scratch: work.scratch,
    run,
  });

  if (deps.fingerprints) {
    const hashes = await takeFingerprint({
      ffmpegPath: deps.ffmpegPath,
      source,
      durationS: probe.durationS,
      scratch: work.scratch,
      run: { signal, pidFile: work.pidFile },
      // Every core: the first playable rung waits on it (issue 18), and the hashes are the
      // same as one thread's.
      threads: 0,
    });
    const { outcome } = await deps.fingerprints.screen(videoId, hashes, { screen: upload, log });
    if (outcome === 'refused' || outcome === 'duplicate') {
      log.info({ videoId, outcome }, 'upload stopped by its fingerprint');
      return;
    }
  }

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
