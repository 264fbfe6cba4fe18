import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { mediaStepOf, mediaTaskKeySchema } from '../../contracts/media-task.ts';
import { z } from '../../contracts/zod.ts';
import type { MediaTask } from '../../db/schema.ts';
import { sourceInput } from '../../media/sniff.ts';
import type { JobDefinition } from '../kernel/jobs/queue.ts';
import { failureCode, runMediaStep, taskTimeoutS } from './media-steps.ts';
import {
  beginStep,
  isDeletedVideo,
  removeFilesIfDeleted,
  removeVideoFiles,
  type StepWork,
} from './media-work.ts';
import type { StepDeps, StepRun } from './steps/step.ts';

// One step of the media pipeline (docs/decisions/0011, 0041): an HLS rung, the sprite
// timeline, the hover clip or the MP4 downloads (steps/, by name in media-steps.ts). Each is
// a job of its own, so a failed rung is retried alone. Outputs are made in a scratch folder and moved into storage only when complete: a
// crash mid-step leaves nothing half-written, and the retry starts clean (once an ffmpeg the
// crash left behind is gone: media-work.ts). A step of a run that is no longer current (the
// video was processed again) or that gave up (the video failed) does nothing. A step that
// fails for good fails a video still processing: a corrupted source at once, anything else
// when its retries are spent (docs/decisions/0021).

const TASK_RETRIES = 3;
/**
 * Steps run side by side (issue 18, decision 0060): x264 keeps about 1.75 of two cores busy,
 * but a rung's decode, scaling and audio do not, and a short step (timeline, hover) waits
 * less. Two, so two rungs' ffmpegs at most (about 1 GiB resident at 1080p and 720p).
 */
const STEPS_AT_ONCE = 2;
/** How often running progress is written (PGlite answers one query at a time). */
const PROGRESS_EVERY_MS = 2000;

export interface MediaTaskDeps extends StepDeps {
  /** Before the first retry (doubling after); tests set 0. */
  retryDelaySeconds?: number;
}

const payloadSchema = z.object({
  videoId: z.number().int().positive(),
  gen: z.number().int().positive(),
  task: mediaTaskKeySchema,
});

export function mediaTaskJob(deps: MediaTaskDeps): JobDefinition<'media.task'> {
  return {
    retryLimit: TASK_RETRIES,
    retryDelaySeconds: deps.retryDelaySeconds ?? 20,
    deadLetter: 'media.failed',
    // Each step's own limit is taskTimeoutS (its ffmpeg is killed then); this is the backstop.
    timeoutSeconds: 6 * 3600,
    concurrency: STEPS_AT_ONCE,
    parse: (data) => payloadSchema.parse(data),
    async handler({ videoId, gen, task }, ctx) {
      const video = await deps.videos.getForProcessing(videoId);
      if (!video || isDeletedVideo(video)) {
        ctx.log.info({ videoId, gen, task }, 'media step of a deleted video: skipped');
        await removeVideoFiles(deps.storage, videoId);
        return;
      }
      const media = video.media;
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
        const step = mediaStepOf(task);
        await runMediaStep(step.name, step, deps, {
          id: videoId,
          gen,
          media: media as StepRun['media'],
          source: await sourceInput(deps.storage.localPath(media.source)),
          scratch: work.scratch,
          pidFile: work.pidFile,
          timeoutMs: taskTimeoutS(step, media.probe.duration) * 1000,
          ctx,
          progress,
        });
        await set({ state: 'done', progress: 1, attempts: ctx.attempt });
        ctx.log.info({ videoId, gen, task }, 'media step done');
        await removeFilesIfDeleted(deps, videoId, ctx.log);
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
