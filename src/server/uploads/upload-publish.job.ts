import type { JobDefinition } from '../kernel/jobs/queue.ts';
import type { UploadRepository } from './upload.repository.ts';

// An upload becomes listed when its first HLS rung is published (a `media.task` step). Right
// after such a step it is counted on its member, categories and tags, once
// (docs/decisions/0015); a step of a catalogue video or a later rung changes nothing.

export function countWhenPublished(
  step: JobDefinition<'media.task'>,
  uploads: Pick<UploadRepository, 'countPublished'>,
): JobDefinition<'media.task'> {
  return {
    ...step,
    async handler(payload, ctx) {
      await step.handler(payload, ctx);
      if (!payload.task.startsWith('hls:')) return;
      if (await uploads.countPublished(payload.videoId)) {
        ctx.log.info({ videoId: payload.videoId }, 'upload published and counted');
      }
    },
  };
}
