import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { moveVideoCounters } from '../../db/counters.ts';
import { countCategories, replaceVideoLinks, type VideoLinks } from '../../db/video-links.ts';
import { videoListedSql } from '../kernel/access/visibility.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';

// A moderator fixes a video's metadata (issue 16: "edit fixes metadata"): title, slug,
// description, categories and tags, in one transaction with the audit row. A video that
// counts on its categories and tags moves its counters off the old links and onto the new.

export interface VideoMetadata {
  title: string;
  description: string;
  categoryIds: number[];
  tags: string[];
}

interface Locked {
  user_id: number;
  gender: 'str' | 'she' | 'gay';
  status_id: number;
  title: string;
  description: string;
  listed: boolean;
  counted: string | null;
  category_ids: number[];
  tags: string[];
}

export function createMetadataRepository(database: Pick<Database, 'query' | 'transaction'>) {
  return {
    countCategories: (ids: number[]) => countCategories(database, ids),

    /** The video's status, or undefined when there is no such video (or it is deleted). */
    async edit(
      id: number,
      change: { title: string; dir: string; description: string } & VideoLinks,
      audit: (before: VideoMetadata) => AuditEntry,
    ): Promise<{ status_id: number } | undefined> {
      return database.transaction(async (tx) => {
        const [video] = await tx.query<Locked>(
          `SELECT v.user_id, v.gender, v.status_id, v.title, v.description,
                  ${videoListedSql({ alias: 'v' })} AS listed, v.media->>'counted' AS counted,
                  ARRAY(SELECT category_id FROM video_categories WHERE video_id = v.id
                         ORDER BY category_id) AS category_ids,
                  ARRAY(SELECT t.title FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
                         WHERE vt.video_id = v.id ORDER BY t.title) AS tags
             FROM videos v WHERE v.id = $1 AND v.status_id <> $2 AND NOT v.media ? 'pool'
              FOR UPDATE OF v`,
          [id, VIDEO_STATUS.deleted],
        );
        if (!video) return undefined;
        const owner = { id, user_id: Number(video.user_id), gender: video.gender };
        const counts = video.listed && video.counted !== 'false';
        if (counts) await moveVideoCounters(tx, owner, -1);
        await tx.query(
          `UPDATE videos SET title = $2, dir = $3, description = $4, updated_at = now()
            WHERE id = $1`,
          [id, change.title, change.dir, change.description],
        );
        await replaceVideoLinks(tx, id, change);
        if (counts) await moveVideoCounters(tx, owner, 1);
        await appendAudit(
          tx,
          audit({
            title: video.title,
            description: video.description,
            categoryIds: video.category_ids.map(Number),
            tags: video.tags,
          }),
        );
        return { status_id: Number(video.status_id) };
      });
    },
  };
}

export type MetadataRepository = ReturnType<typeof createMetadataRepository>;
