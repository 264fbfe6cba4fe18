import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { notDeletedSql } from '../kernel/access/visibility.ts';

// The member's own uploads with their moderation state (issue 16, decision 0045), and the
// appeal of a rejection. The service decides who may; these take the member's id as the
// owner filter.

export interface MyUploadRow {
  id: number;
  title: string;
  dir: string;
  status_id: number;
  duration: number;
  created_at: string;
  media_version: number;
  statement_id: number | null;
  decision: 'rejected' | 'removed' | 'strike' | 'banned' | null;
  reason: string | null;
  note: string | null;
  statement_at: string | null;
  appeal_state: 'none' | 'open' | 'upheld' | 'reversed' | null;
  dmca_item_id: number | null;
  dmca_state: 'taken_down' | 'countered' | 'restored' | 'lawsuit' | null;
  dmca_claimant: string | null;
  dmca_works: string | null;
  dmca_url: string | null;
  dmca_restore_after: string | null;
  record_filed: boolean;
  failure: string | null;
  refused_reason: string | null;
}

export interface AppealTarget {
  id: number;
  user_id: number;
  object_type: string;
  object_id: number;
  decision: string;
  appeal_state: string;
}

// A demo video playing a shared clip is the member's; the shared clip rows are nobody's upload.
const OWN_UPLOADS = `v.user_id = $1 AND ${notDeletedSql({ alias: 'v' })} AND NOT v.media ? 'pool'`;

/** Videos `v` with the latest statement and DMCA item about each; the caller adds WHERE. */
const UPLOAD_ROWS = `SELECT v.id, v.title, v.dir, v.status_id, v.duration, v.created_at::text,
       v.media_version, s.id AS statement_id, s.decision, s.reason, s.note,
       s.created_at::text AS statement_at, s.appeal_state,
       d.id AS dmca_item_id, d.state AS dmca_state, d.claimant AS dmca_claimant,
       d.works AS dmca_works, d.url AS dmca_url,
       d.restore_after::text AS dmca_restore_after,
       EXISTS (SELECT 1 FROM performer_records r WHERE r.video_id = v.id) AS record_filed,
       v.media->>'error' AS failure, v.media->'refusal'->>'reason' AS refused_reason
  FROM videos v
  LEFT JOIN LATERAL (
    SELECT id, decision, reason, note, created_at, appeal_state
      FROM moderation_statements
     WHERE object_type = 'video' AND object_id = v.id
     ORDER BY created_at DESC, id DESC LIMIT 1) s ON true
  LEFT JOIN LATERAL (
    SELECT i.id, i.state::text AS state, i.url, i.restore_after, n.works,
           CASE WHEN n.claimant_company <> '' THEN n.claimant_company
                ELSE n.claimant_name END AS claimant
      FROM dmca_items i JOIN dmca_notices n ON n.id = i.notice_id
     WHERE i.video_id = v.id AND i.takedown_id IS NOT NULL
       AND i.state IN ('taken_down', 'countered', 'restored', 'lawsuit')
     ORDER BY i.id DESC LIMIT 1) d ON true`;

export function createMyUploadsRepository(database: Pick<Database, 'query' | 'transaction'>) {
  return {
    /**
     * Newest upload first; each with the latest statement about it, if any, and the latest
     * DMCA item that took it down (an item naming a video already down for something else
     * took nothing down: the removal is that other one's, appealed as such).
     */
    async list(userId: number, opts: { limit: number; offset: number }): Promise<MyUploadRow[]> {
      return database.query<MyUploadRow>(
        `${UPLOAD_ROWS}
          WHERE ${OWN_UPLOADS}
          ORDER BY v.id DESC
          LIMIT $2 OFFSET $3`,
        [userId, opts.limit, opts.offset],
      );
    },

    /** One of the member's uploads as the list reads it; undefined when deleted or not theirs. */
    async one(userId: number, videoId: number): Promise<MyUploadRow | undefined> {
      const [row] = await database.query<MyUploadRow>(
        `${UPLOAD_ROWS}
          WHERE ${OWN_UPLOADS} AND v.id = $2`,
        [userId, videoId],
      );
      return row;
    },

    async count(userId: number): Promise<number> {
      const [row] = await database.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM videos v WHERE ${OWN_UPLOADS}`,
        [userId],
      );
      return Number(row?.n ?? 0);
    },

    async statement(id: number): Promise<AppealTarget | undefined> {
      const [row] = await database.query<AppealTarget>(
        `SELECT id, user_id, object_type, object_id, decision, appeal_state
           FROM moderation_statements WHERE id = $1`,
        [id],
      );
      return row;
    },

    /**
     * Opens the appeal of a removal or a strike (decision 0049): nothing moves until another
     * staff member decides it in the console. Answers whether it was opened.
     */
    async appealDecision(statement: { id: number; userId: number }, text: string) {
      const rows = await database.query(
        `UPDATE moderation_statements
            SET appeal_state = 'open', appeal_text = $3, appealed_at = now()
          WHERE id = $1 AND user_id = $2 AND decision IN ('removed', 'strike')
            AND appeal_state = 'none'
         RETURNING id`,
        [statement.id, statement.userId, text],
      );
      return rows.length > 0;
    },

    /**
     * Opens the appeal of a rejection and puts the video back in the review queue, together.
     * Each update re-checks what the service saw (not appealed yet, still rejected), so a
     * second appeal racing the first changes nothing: answers whether it was done.
     */
    async appeal(statement: { id: number; videoId: number; userId: number }, text: string) {
      return database.transaction(async (tx) => {
        const opened = await tx.query(
          `UPDATE moderation_statements
              SET appeal_state = 'open', appeal_text = $3, appealed_at = now()
            WHERE id = $1 AND user_id = $2 AND decision = 'rejected' AND appeal_state = 'none'
           RETURNING id`,
          [statement.id, statement.userId, text],
        );
        if (opened.length === 0) return false;
        const queued = await tx.query(
          `UPDATE videos SET status_id = $3, review_since = now(), updated_at = now()
            WHERE id = $1 AND user_id = $2 AND status_id = $4
           RETURNING id`,
          [statement.videoId, statement.userId, VIDEO_STATUS.review, VIDEO_STATUS.rejected],
        );
        // The video is no longer rejected (deleted meanwhile): nothing to reopen.
        if (queued.length === 0) throw new VideoGone();
        return true;
      });
    },
  };
}

/** Thrown inside the appeal's transaction to roll the statement back. */
export class VideoGone extends Error {
  constructor() {
    super('the appealed video is no longer rejected');
    this.name = 'VideoGone';
  }
}

export type MyUploadsRepository = ReturnType<typeof createMyUploadsRepository>;
