import type { Gender } from '../../contracts/constants.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { moveVideoCounters } from '../../db/counters.ts';
import { countCategories, writeVideoLinks } from '../../db/video-links.ts';
import type { OwnerFilter } from '../kernel/access/policy.ts';
import { notDeletedSql, videoListedSql } from '../kernel/access/visibility.ts';

// Hand-written SQL of member uploads (docs/decisions/0015): the video row an upload becomes,
// its categories and tags, the owner deleting it, and the counters that follow it. An upload
// is counted on the member, its categories and tags once, when it first becomes listed; the
// nightly maintenance (db/counters.ts) only reconciles drift. Ownership is part of the
// statements, so no other member's video can be touched.

export interface NewVideo {
  userId: number;
  title: string;
  dir: string;
  description: string;
  gender: Gender;
  isPrivate: boolean;
  exclusive: boolean;
  sha256: string;
  durationS: number;
  categoryIds: number[];
  /** Tags by URL slug; the title is used only for a tag new to the site. */
  tags: { dir: string; title: string }[];
  /** Waits in the review queue once playable, instead of going live (decision 0043). */
  needsReview: boolean;
  /** When the member confirmed the forbidden content of SPEC.md §5 (decision 0055). */
  rulesConfirmedAt: Date;
  /**
   * The country the upload was sent from ('' unknown): the video's country (top-country)
   * when the member's profile names none (decision 0053).
   */
  country: string;
}

export type RemoveOutcome =
  | { outcome: 'done'; sourceKey: string | undefined }
  | { outcome: 'not_found' };

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

export function createUploadRepository(database: Database) {
  return {
    /** True when a video that is not deleted was made from a file with this SHA-256. */
    async hasSource(sha256: string): Promise<boolean> {
      const rows = await database.query(
        'SELECT 1 FROM videos WHERE source_sha256 = $1 AND status_id <> $2 LIMIT 1',
        [sha256, VIDEO_STATUS.deleted],
      );
      return rows.length > 0;
    },

    countCategories: (ids: number[]) => countCategories(database, ids),

    /**
     * The video row of an upload, processing, with its categories, tags and search
     * document. `duplicate` when a live video has the same source (the unique index decides
     * between two members sending one file at once).
     */
    async createVideo(
      video: NewVideo,
      /** Written in the same transaction: the video's 2257 record (decision 0055). */
      alsoFile?: (tx: Pick<Database, 'query'>, videoId: number) => Promise<void>,
    ): Promise<{ id: number } | 'duplicate'> {
      try {
        return await database.transaction(async (tx) => {
          const [row] = await tx.query<{ id: number }>(
            `INSERT INTO videos (dir, title, description, gender, status_id, is_private, exclusive,
                user_id, duration, source_sha256, needs_review, media, rules_confirmed_at, country)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, '{"counted": false}'::jsonb,
                     $12, coalesce((SELECT nullif(trim(u.country), '') FROM users u WHERE u.id = $8),
                                   nullif($13, '')))
             RETURNING id`,
            [
              video.dir,
              video.title,
              video.description,
              video.gender,
              VIDEO_STATUS.processing,
              video.isPrivate ? 1 : 0,
              video.exclusive,
              video.userId,
              Math.max(1, Math.round(video.durationS)),
              video.sha256,
              video.needsReview,
              video.rulesConfirmedAt,
              video.country,
            ],
          );
          const id = Number(row?.id);
          await writeVideoLinks(tx, id, { categoryIds: video.categoryIds, tags: video.tags });
          await alsoFile?.(tx, id);
          return { id };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },

    /** Takes back a video whose upload could not be stored: it was never seen. */
    async discard(id: number): Promise<void> {
      await database.query('DELETE FROM videos WHERE id = $1 AND status_id = $2', [
        id,
        VIDEO_STATUS.processing,
      ]);
    },

    /**
     * The owner deletes a video (status 5): it leaves every list, its counters go down when
     * it was listed, and it loses its source, so a pipeline step still queued skips it.
     */
    /** The owner of a video that is not deleted; undefined when there is none. */
    async videoOwner(videoId: number): Promise<number | undefined> {
      const [row] = await database.query<{ user_id: number }>(
        `SELECT user_id FROM videos WHERE id = $1 AND ${notDeletedSql()}`,
        [videoId],
      );
      return row ? Number(row.user_id) : undefined;
    },

    async remove(videoId: number, filter: OwnerFilter): Promise<RemoveOutcome> {
      return database.transaction(async (tx): Promise<RemoveOutcome> => {
        const [video] = await tx.query<{
          id: number;
          user_id: number;
          gender: Gender;
          listed: boolean;
          counted: string | null;
          source: string | null;
        }>(
          `SELECT id, user_id, gender, ${videoListedSql()} AS listed,
                  media->>'counted' AS counted, media->>'source' AS source
             FROM videos WHERE id = $1 AND ${notDeletedSql()}
              AND ($2::int IS NULL OR user_id = $2) FOR UPDATE`,
          [videoId, filter.ownerId ?? null],
        );
        if (!video) return { outcome: 'not_found' };
        await tx.query(
          `UPDATE videos SET status_id = $2, media = media - 'source', updated_at = now()
            WHERE id = $1`,
          [videoId, VIDEO_STATUS.deleted],
        );
        // An upload counts once it was listed; a catalogue video was counted in bulk.
        if (video.listed && video.counted !== 'false') {
          await moveVideoCounters(
            tx,
            { ...video, id: Number(video.id), user_id: Number(video.user_id) },
            -1,
          );
        }
        return { outcome: 'done', sourceKey: video.source ?? undefined };
      });
    },

    /**
     * Counts an upload on its member, categories and tags the first time it is listed (its
     * first HLS rung published it), dated then: "latest" shows it when it became playable.
     * True when it was counted now; false when it is not listed yet or was counted before.
     */
    async countPublished(videoId: number): Promise<boolean> {
      return database.transaction(async (tx) => {
        const [video] = await tx.query<{ id: number; user_id: number; gender: Gender }>(
          `UPDATE videos SET media = jsonb_set(media, '{counted}', 'true'::jsonb), post_date = now()
            WHERE id = $1 AND status_id = $2 AND media->>'counted' = 'false'
            RETURNING id, user_id, gender`,
          [videoId, VIDEO_STATUS.active],
        );
        if (!video) return false;
        await moveVideoCounters(
          tx,
          { id: Number(video.id), user_id: Number(video.user_id), gender: video.gender },
          1,
        );
        return true;
      });
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
