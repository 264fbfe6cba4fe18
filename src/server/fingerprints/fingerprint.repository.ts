import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import type { VideoMedia } from '../../db/schema.ts';
import { videoPublicSql } from '../kernel/access/visibility.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';

// The SQL of perceptual fingerprints (issue 17, docs/decisions/0056): a video's fingerprint
// with the band keys of its key frames, the lookup of the videos that share a key with an
// upload (one GIN probe per key: never a scan, at a million videos too), what the site knows
// of those videos, and the upload's outcome: refused (with the audit row and a report to
// staff in the same transaction), failed as a duplicate, or held for review.

export interface CandidateRow {
  video_id: number;
  /** Band keys it shares with the upload. */
  shared: number;
}

export interface MatchedVideoRow {
  id: number;
  hashes: Uint8Array;
  title: string;
  status_id: number;
  user_id: number;
  /** Live and public: anyone can watch it. */
  public: boolean;
  /** The reason of the takedown in force, when it is taken down. */
  takedown_reason: string | null;
}

/** A match as the upload keeps it (videos.media.matches), for the console's review item. */
export type StoredMatch = NonNullable<VideoMedia['matches']>[number];

/** The takedown in force of video `v`, if any (takedowns_in_force_idx: one at most). */
const TAKEDOWN_IN_FORCE = `SELECT t.reason FROM takedowns t
  WHERE t.object_type = 'video' AND t.object_id = v.id AND t.restored_at IS NULL`;

/**
 * The videos (alias `v`) an upload can be a copy of: not failed (a refused or duplicate
 * upload, a broken file), and not deleted, unless a takedown is still in force on it. A
 * video taken down and then deleted by its owner, or by the deletion of the owner's account
 * (which keeps its row for that reason), must still refuse its copies.
 */
const MATCHABLE_SQL = `v.status_id <> ${VIDEO_STATUS.error}
  AND (v.status_id <> ${VIDEO_STATUS.deleted} OR EXISTS (${TAKEDOWN_IN_FORCE}))`;

/**
 * The lookup ($1 the upload's band keys, $2 the upload's own id, $3 how many): the videos
 * sharing the most keys, most first. One GIN probe per key (`@>` of one element, which the
 * planner always takes the index for: a `&&` of hundreds of keys is estimated to match most
 * rows and read as a scan). Only videos that can be matched are ranked: refused, duplicate
 * and deleted uploads keep their keys, and a dozen of an abuser's refused copies would
 * otherwise fill every slot ahead of the original. The ranking is sorted before the join,
 * so the join reads `videos` by its primary key from the top and stops at `$3` matchable
 * ones: a dozen lookups and one more per unmatchable video skipped, not one per video that
 * shares a key (decision 0056).
 */
export const CANDIDATES_SQL = `SELECT r.video_id, r.shared
  FROM (SELECT f.video_id, count(*)::int AS shared
          FROM unnest($1::int[]) k
          CROSS JOIN LATERAL (SELECT video_id FROM video_fingerprints
                               WHERE keys @> ARRAY[k]) f
         WHERE f.video_id <> $2
         GROUP BY f.video_id ORDER BY shared DESC, f.video_id) r
  JOIN videos v ON v.id = r.video_id
 WHERE ${MATCHABLE_SQL}
 ORDER BY r.shared DESC, r.video_id LIMIT $3`;

export function createFingerprintRepository(database: Pick<Database, 'query' | 'transaction'>) {
  return {
    async save(videoId: number, hashes: Buffer, keys: number[]): Promise<void> {
      await database.query(
        `INSERT INTO video_fingerprints (video_id, hashes, keys) VALUES ($1, $2, $3::int[])
         ON CONFLICT (video_id) DO UPDATE SET hashes = EXCLUDED.hashes, keys = EXCLUDED.keys,
           created_at = now()`,
        [videoId, hashes, keys],
      );
    },

    /**
     * The videos sharing the most band keys with `keys`, most first, among those that can
     * be matched (CANDIDATES_SQL).
     */
    async candidates(keys: number[], exceptId: number, limit: number): Promise<CandidateRow[]> {
      if (keys.length === 0) return [];
      return database.query<CandidateRow>(CANDIDATES_SQL, [keys, exceptId, limit]);
    },

    /**
     * The fingerprints and standing of a few videos, those that can be matched
     * (MATCHABLE_SQL): failed ones and deleted ones are no match, but for a deleted one with
     * a takedown in force.
     */
    async matched(ids: number[]): Promise<MatchedVideoRow[]> {
      if (ids.length === 0) return [];
      return database.query<MatchedVideoRow>(
        `SELECT v.id, f.hashes, v.title, v.status_id, v.user_id,
                (${videoPublicSql({ alias: 'v' })}) AS public,
                (${TAKEDOWN_IN_FORCE} LIMIT 1) AS takedown_reason
           FROM video_fingerprints f JOIN videos v ON v.id = f.video_id
          WHERE f.video_id = ANY($1::int[]) AND ${MATCHABLE_SQL}`,
        [ids],
      );
    },

    /**
     * Refuses an upload still processing that matches a taken-down video: it fails with
     * `video_reupload_blocked` and the match, staff find a report about it in their inbox,
     * and the audit log has the system's act. False when the video was no longer processing.
     */
    async refuse(
      videoId: number,
      refusal: NonNullable<VideoMedia['refusal']>,
      report: { subject: 'dmca' | 'inappropriate'; message: string },
      audit: AuditEntry,
    ): Promise<boolean> {
      return database.transaction(async (tx) => {
        const rows = await tx.query<{ id: number }>(
          `UPDATE videos SET status_id = $2,
                  media = media || jsonb_build_object('error', 'video_reupload_blocked',
                                                      'refusal', $3::jsonb),
                  updated_at = now()
            WHERE id = $1 AND status_id = $4 RETURNING id`,
          [videoId, VIDEO_STATUS.error, JSON.stringify(refusal), VIDEO_STATUS.processing],
        );
        if (rows.length === 0) return false;
        // Nobody sent it, so nobody is mailed: it waits in the inbox as `new`.
        await tx.query(
          `INSERT INTO reports (subject, email, message, object_type, object_id, referrer,
                                notified_at)
           VALUES ($1, '', $2, 'video', $3, '', now())`,
          [report.subject, report.message, videoId],
        );
        await appendAudit(tx, audit);
        return true;
      });
    },

    /** An upload still processing that is a copy of a public video fails as a duplicate. */
    async duplicate(videoId: number, matches: StoredMatch[]): Promise<boolean> {
      const rows = await database.query<{ id: number }>(
        `UPDATE videos SET status_id = $2,
                media = media || jsonb_build_object('error', 'video_duplicate',
                                                    'matches', $3::jsonb),
                updated_at = now()
          WHERE id = $1 AND status_id = $4 RETURNING id`,
        [videoId, VIDEO_STATUS.error, JSON.stringify(matches), VIDEO_STATUS.processing],
      );
      return rows.length > 0;
    },

    /**
     * Videos without a fingerprint that the backfill takes (decision 0056), oldest first:
     * published, in review or taken down (a takedown from before fingerprints is what a
     * refusal needs most), with a source of their own. A demo video playing a shared clip
     * (`sharedFrom`) has none: the clip itself (`pool`) is fingerprinted, once.
     */
    async missing(limit: number): Promise<{ id: number; source: string; duration: number }[]> {
      return database.query(
        `SELECT v.id, v.media->>'source' AS source, v.duration
           FROM videos v
          WHERE v.media ? 'source' AND NOT v.media ? 'sharedFrom'
            AND (v.status_id = ANY($1::int[])
                 OR (v.media ? 'pool' AND v.status_id NOT IN ($2, $3)))
            AND NOT EXISTS (SELECT 1 FROM video_fingerprints f WHERE f.video_id = v.id)
          ORDER BY v.id LIMIT $4`,
        [
          [VIDEO_STATUS.active, VIDEO_STATUS.review, VIDEO_STATUS.removed],
          VIDEO_STATUS.deleted,
          VIDEO_STATUS.error,
          limit,
        ],
      );
    },

    /** An upload like another video waits for a moderator, whoever uploaded it. */
    async holdForReview(videoId: number, matches: StoredMatch[]): Promise<void> {
      await database.query(
        `UPDATE videos SET needs_review = true,
                media = media || jsonb_build_object('matches', $2::jsonb), updated_at = now()
          WHERE id = $1 AND status_id = $3`,
        [videoId, JSON.stringify(matches), VIDEO_STATUS.processing],
      );
    },
  };
}

export type FingerprintRepository = ReturnType<typeof createFingerprintRepository>;
