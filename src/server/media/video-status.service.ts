import type { VideoStatus } from '../../contracts/video.schema.ts';
import type { VideoMediaRepository } from './video-media.repository.ts';

/** Where a video's processing stands (`/api/video_status.php`): rungs, failure, each step. */
export function createVideoStatusService(deps: {
  media: Pick<VideoMediaRepository, 'getForProcessing'>;
}) {
  return {
    async status(id: number): Promise<VideoStatus | undefined> {
      const video = await deps.media.getForProcessing(id);
      if (!video) return undefined;
      const order = (task: string) => (task.startsWith('hls:') ? 0 : task === 'mp4' ? 2 : 1);
      return {
        video_id: String(video.id),
        status_id: String(video.status_id) as VideoStatus['status_id'],
        rungs: video.media.rungs ?? [],
        failure: video.media.error ?? '',
        tasks: Object.entries(video.media.tasks ?? {})
          .map(([task, state]) => ({
            task,
            state: state.state,
            progress: state.progress ?? (state.state === 'done' ? 1 : 0),
            attempts: state.attempts ?? 0,
          }))
          .sort((a, b) => order(a.task) - order(b.task) || a.task.localeCompare(b.task)),
      };
    },
  };
}

export type VideoStatusService = ReturnType<typeof createVideoStatusService>;
