import type { JobContext, JobDefinition, JobPayloads } from '../kernel/jobs/queue.ts';
import type { VideoMediaRepository } from './video-media.repository.ts';

// A step of one of the demo's shared clips (docs/decisions/0033) is a step of every demo video
// that plays the clip: after it, what the clip has made so far is copied to them, so they
// become playable with its first rung and get its timeline, hover clip and downloads as those
// land. After any step, the cached answers of the videos it changed are forgotten: a page
// read while the video was being prepared would otherwise say so until its lifetime ran out.

export function shareWhenClip(
  step: JobDefinition<'media.task'>,
  videos: Pick<VideoMediaRepository, 'isSharedClip' | 'shareOutputs'>,
  forget: (videoIds: readonly number[]) => void = () => {},
): JobDefinition<'media.task'> {
  async function share({ videoId, task }: JobPayloads['media.task'], ctx: JobContext) {
    if (!(await videos.isSharedClip(videoId))) {
      forget([videoId]);
      return;
    }
    const shared = await videos.shareOutputs(videoId);
    forget([videoId, ...shared]);
    ctx.log.info(
      { clip: videoId, task, rows: shared.length },
      'shared clip step copied to the demo videos',
    );
  }

  return {
    ...step,
    async handler(payload, ctx) {
      try {
        await step.handler(payload, ctx);
      } finally {
        // The step's own outcome stands; a failed copy is caught up by the next step or start.
        await share(payload, ctx).catch((error: unknown) =>
          ctx.log.warn({ err: error, videoId: payload.videoId }, 'shared clip copy failed'),
        );
      }
    },
  };
}
