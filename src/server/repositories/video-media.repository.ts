import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import type { VideoMedia } from '../../db/schema.ts';

// Media state of videos: what the pipeline reads before it starts and writes when done.

export interface VideoForProcessing {
  id: number;
  status_id: number;
  media: VideoMedia;
}

export interface ProcessedMedia {
  duration: number;
  width: number;
  height: number;
  files: Record<string, string>;
  /** Storage key of the hover clip. */
  hover?: string;
}

export function createVideoMediaRepository(database: Pick<Database, 'query'>) {
  return {
    async getForProcessing(id: number): Promise<VideoForProcessing | undefined> {
      const rows = await database.query<VideoForProcessing>(
        'SELECT id, status_id, media FROM videos WHERE id = $1',
        [id],
      );
      return rows[0];
    },

    /**
     * Records a video's source file. An upload becomes `processing` until the pipeline is
     * done; `keepStatus` gives an already published video new media without hiding it.
     */
    async setSource(id: number, sourceKey: string, opts: { keepStatus?: boolean } = {}) {
      await database.query(
        `UPDATE videos SET
            status_id = CASE WHEN $4 THEN status_id ELSE $2 END,
            media = media || jsonb_build_object('source', $3::text), updated_at = now()
          WHERE id = $1`,
        [id, VIDEO_STATUS.processing, sourceKey, opts.keepStatus === true],
      );
    },

    /** Publishes a processed video: a processing video becomes active, others keep status. */
    async markProcessed(id: number, result: ProcessedMedia): Promise<void> {
      await database.query(
        `UPDATE videos SET
            status_id = CASE WHEN status_id = $2 THEN $3 ELSE status_id END,
            duration = $4, is_hd = $5 >= 720,
            media = (media - 'error' - 'hover') || jsonb_strip_nulls(jsonb_build_object(
              'files', $6::jsonb, 'width', $7::int, 'height', $5::int, 'hover', $8::text)),
            media_version = media_version + 1, screenshots_count = 1, updated_at = now()
          WHERE id = $1`,
        [
          id,
          VIDEO_STATUS.processing,
          VIDEO_STATUS.active,
          Math.round(result.duration),
          result.height,
          JSON.stringify(result.files),
          result.width,
          result.hover ?? null,
        ],
      );
    },

    async markFailed(id: number, code: string): Promise<void> {
      await database.query(
        `UPDATE videos SET status_id = $2, media = media || jsonb_build_object('error', $3::text),
                updated_at = now()
          WHERE id = $1 AND status_id = $4`,
        [id, VIDEO_STATUS.error, code, VIDEO_STATUS.processing],
      );
    },
  };
}

export type VideoMediaRepository = ReturnType<typeof createVideoMediaRepository>;
