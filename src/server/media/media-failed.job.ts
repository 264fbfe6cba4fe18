import { z } from '../../contracts/zod.ts';
import type { JobDefinition } from '../kernel/jobs/queue.ts';
import type { VideoMediaRepository } from './video-media.repository.ts';

// The dead letter queue of the media jobs (docs/decisions/0021). A media job that fails for
// good lands here with its payload, however it ended: its last retry threw (the handler has
// already failed the video; this changes nothing then), or its last attempt was cut off with
// its server and expired, which no handler saw. Either way the step says failed and a video
// still processing fails with `video_upload_error`, so nothing stays "processing" forever.

// Lenient on the step's name: a step refused for a bad one still fails its video here.
const payloadSchema = z.object({
  videoId: z.number().int().positive(),
  gen: z.number().int().positive().optional(),
  task: z.string().optional(),
});

export function mediaFailedJob(deps: {
  videos: VideoMediaRepository;
  retryDelaySeconds?: number;
}): JobDefinition<'media.failed'> {
  return {
    retryLimit: 3,
    retryDelaySeconds: deps.retryDelaySeconds ?? 15,
    timeoutSeconds: 60,
    concurrency: 1,
    parse: (data) => payloadSchema.parse(data),
    async handler({ videoId, gen, task }, { log }) {
      if (gen !== undefined && task !== undefined) {
        const video = await deps.videos.getForProcessing(videoId);
        const state = video?.media.gen === gen ? video.media.tasks?.[task] : undefined;
        if (state && state.state !== 'done' && state.state !== 'failed') {
          await deps.videos.setTask(videoId, gen, task, {
            ...state,
            state: 'failed',
            error: state.error ?? 'cut off: its last attempt never finished',
          });
        }
      }
      await deps.videos.markFailed(videoId, 'video_upload_error', gen);
      log.warn({ videoId, gen, task }, 'media job failed for good');
    },
  };
}
