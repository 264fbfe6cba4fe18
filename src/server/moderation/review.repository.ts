import { type Gender, VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import type { VideoMedia } from '../../db/schema.ts';
import { inReviewSql } from '../kernel/access/visibility.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';
import { countRows } from '../kernel/db/estimate.ts';
import { likeContaining } from '../kernel/db/like.ts';

// The review queue's SQL (decision 0043): pending videos oldest first from the partial index
// `videos_review_queue_idx`, one video with what a moderator needs to judge it, and the
// decisions, each in one transaction with its audit row (and, for a rejection, the
// statement of reasons to the member).

export interface QueueRow {
  id: number;
  title: string;
  dir: string;
  duration: number;
  is_private: number;
  created_at: string;
  review_since: string;
  media_version: number;
  user_id: number;
  username: string;
  trusted_uploader: boolean;
  appeal: boolean;
  record: boolean;
}

export interface ReviewVideoRow {
  id: number;
  title: string;
  dir: string;
  description: string;
  gender: Gender;
  duration: number;
  is_private: number;
  exclusive: boolean;
  status_id: number;
  created_at: string;
  review_since: string | null;
  media: VideoMedia;
  media_version: number;
  user_id: number;
  username: string;
  user_created_at: string;
  trusted_uploader: boolean;
  tags: string[];
  categories: { id: number; title: string }[];
  models: { id: number; title: string }[];
}

export interface UploaderHistoryRow {
  uploads: number;
  published: number;
  rejections: number;
  reports: number;
  strikes: number;
}

export interface DuplicateRow {
  id: number;
  title: string;
  status_id: number;
  same_uploader: boolean;
}

export interface FingerprintMatchRow {
  id: number;
  title: string;
  status_id: number;
  media: VideoMedia;
  media_version: number;
  takedown_reason: string | null;
}

/** Whom a statement of reasons is mailed to. */
export interface StatementRecipient {
  username: string;
  email: string;
  lang: string;
}

export interface StatementRow {
  id: number;
  decision: 'rejected' | 'removed' | 'strike' | 'banned';
  reason: string;
  note: string;
  created_at: string;
  decided_by: string | null;
  appeal_state: 'none' | 'open' | 'upheld' | 'reversed';
  appeal_text: string | null;
}

async function closeAppeal(
  tx: Pick<Database, 'query'>,
  appeal: { statementId: number; staffId: number },
  outcome: 'reversed' | 'upheld',
): Promise<void> {
  await tx.query(
    `UPDATE moderation_statements SET appeal_state = $2, appeal_decided_by = $3,
            appeal_decided_at = now()
      WHERE id = $1 AND appeal_state = 'open'`,
    [appeal.statementId, outcome, appeal.staffId],
  );
}

export function createReviewRepository(database: Pick<Database, 'query' | 'transaction'>) {
  const queueWhere = (q: string | undefined, params: unknown[]) => {
    if (!q) return inReviewSql({ alias: 'v' });
    params.push(likeContaining(q));
    return `${inReviewSql({ alias: 'v' })} AND (v.title ILIKE $${params.length}
             OR u.username ILIKE $${params.length})`;
  };

  return {
    async queue(opts: { q?: string; limit: number; offset: number }): Promise<QueueRow[]> {
      const params: unknown[] = [opts.limit, opts.offset];
      return database.query<QueueRow>(
        `SELECT v.id, v.title, v.dir, v.duration, v.is_private, v.created_at::text,
                coalesce(v.review_since, v.updated_at)::text AS review_since, v.media_version,
                u.id AS user_id, u.username, u.trusted_uploader,
                EXISTS (SELECT 1 FROM moderation_statements s
                         WHERE s.object_type = 'video' AND s.object_id = v.id
                           AND s.appeal_state = 'open') AS appeal,
                EXISTS (SELECT 1 FROM performer_records r WHERE r.video_id = v.id) AS record
           FROM videos v JOIN users u ON u.id = v.user_id
          WHERE ${queueWhere(opts.q, params)}
          ORDER BY v.review_since NULLS FIRST, v.id
          LIMIT $1 OFFSET $2`,
        params,
      );
    },

    async queueCount(q?: string): Promise<number> {
      const params: unknown[] = [];
      const where = queueWhere(q, params);
      return countRows(
        database,
        `videos v JOIN users u ON u.id = v.user_id WHERE ${where}`,
        params,
      );
    },

    /** The place of a video in the queue (1-based) and the ones before and after it. */
    async around(
      id: number,
    ): Promise<{ position: number; previous: number | null; next: number | null }> {
      const [row] = await database.query<{
        position: number | string;
        previous: number | null;
        next: number | null;
      }>(
        `WITH me AS (SELECT review_since, id FROM videos WHERE id = $1 AND ${inReviewSql()})
         SELECT (SELECT count(*) FROM videos v, me
                  WHERE ${inReviewSql({ alias: 'v' })}
                    AND (v.review_since, v.id) <= (me.review_since, me.id)) AS position,
                (SELECT v.id FROM videos v, me
                  WHERE ${inReviewSql({ alias: 'v' })}
                    AND (v.review_since, v.id) < (me.review_since, me.id)
                  ORDER BY v.review_since DESC, v.id DESC LIMIT 1) AS previous,
                (SELECT v.id FROM videos v, me
                  WHERE ${inReviewSql({ alias: 'v' })}
                    AND (v.review_since, v.id) > (me.review_since, me.id)
                  ORDER BY v.review_since, v.id LIMIT 1) AS next
           FROM me`,
        [id],
      );
      const idOrNull = (value: number | null) => (value === null ? null : Number(value));
      if (row) {
        return {
          position: Number(row.position),
          previous: idOrNull(row.previous),
          next: idOrNull(row.next),
        };
      }
      // Not waiting (decided already): the head of the queue comes next.
      const [head] = await database.query<{ id: number }>(
        `SELECT id FROM videos WHERE ${inReviewSql()} AND id <> $1
          ORDER BY review_since NULLS FIRST, id LIMIT 1`,
        [id],
      );
      return { position: 0, previous: null, next: head ? Number(head.id) : null };
    },

    async video(id: number): Promise<ReviewVideoRow | undefined> {
      const [row] = await database.query<ReviewVideoRow>(
        `SELECT v.id, v.title, v.dir, v.description, v.gender, v.duration, v.is_private, v.exclusive,
                v.status_id, v.created_at::text, v.review_since::text, v.media, v.media_version,
                u.id AS user_id, u.username, u.created_at::text AS user_created_at,
                u.trusted_uploader,
                coalesce(ARRAY(SELECT t.title FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
                                WHERE vt.video_id = v.id ORDER BY t.title), '{}') AS tags,
                coalesce((SELECT jsonb_agg(jsonb_build_object('id', c.id, 'title', c.title)
                                           ORDER BY c.title)
                            FROM video_categories vc JOIN categories c ON c.id = vc.category_id
                           WHERE vc.video_id = v.id), '[]'::jsonb) AS categories,
                coalesce((SELECT jsonb_agg(jsonb_build_object('id', m.id, 'title', m.title)
                                           ORDER BY m.title)
                            FROM video_models vm JOIN models m ON m.id = vm.model_id
                           WHERE vm.video_id = v.id), '[]'::jsonb) AS models
           FROM videos v JOIN users u ON u.id = v.user_id
          WHERE v.id = $1 AND v.status_id <> $2 AND NOT v.media ? 'pool'`,
        [id, VIDEO_STATUS.deleted],
      );
      return row;
    },

    async uploaderHistory(userId: number): Promise<UploaderHistoryRow> {
      const [row] = await database.query<Record<keyof UploaderHistoryRow, number | string>>(
        `SELECT (SELECT count(*) FROM videos WHERE user_id = $1 AND status_id <> $2) AS uploads,
                (SELECT count(*) FROM videos WHERE user_id = $1 AND status_id = $3) AS published,
                (SELECT count(*) FROM moderation_statements
                  WHERE user_id = $1 AND decision = 'rejected') AS rejections,
                (SELECT count(*) FROM strikes
                  WHERE user_id = $1 AND revoked_at IS NULL) AS strikes,
                (SELECT count(*) FROM reports r
                  WHERE (r.object_type = 'member' AND r.object_id = $1)
                     OR (r.object_type = 'video' AND r.object_id IN (
                          SELECT id FROM videos WHERE user_id = $1))) AS reports`,
        [userId, VIDEO_STATUS.deleted, VIDEO_STATUS.active],
      );
      return {
        uploads: Number(row?.uploads ?? 0),
        published: Number(row?.published ?? 0),
        rejections: Number(row?.rejections ?? 0),
        reports: Number(row?.reports ?? 0),
        strikes: Number(row?.strikes ?? 0),
      };
    },

    /**
     * Near-duplicates: videos whose title is the same (found through the search index, then
     * compared exactly), and the uploader's own videos with a title that contains this one's.
     */
    async duplicates(video: {
      id: number;
      title: string;
      user_id: number;
    }): Promise<DuplicateRow[]> {
      return database.query<DuplicateRow>(
        `SELECT id, title, status_id, user_id = $3 AS same_uploader FROM (
           SELECT id, title, status_id, user_id FROM videos
            WHERE search_vector @@ plainto_tsquery('english', $2)
              AND lower(title) = lower($2) AND id <> $1 AND status_id <> $4
           UNION
           SELECT id, title, status_id, user_id FROM videos
            WHERE user_id = $3 AND id <> $1 AND status_id <> $4
              AND (lower(title) LIKE '%' || lower($2) || '%' OR lower($2) LIKE '%' || lower(title) || '%')
         ) d ORDER BY id DESC LIMIT 10`,
        [video.id, video.title, video.user_id, VIDEO_STATUS.deleted],
      );
    },

    /** The videos an upload's fingerprint matched (decision 0056), with a takedown's reason. */
    async fingerprintMatches(ids: number[]): Promise<FingerprintMatchRow[]> {
      if (ids.length === 0) return [];
      return database.query<FingerprintMatchRow>(
        `SELECT v.id, v.title, v.status_id, v.media, v.media_version,
                (SELECT t.reason FROM takedowns t
                  WHERE t.object_type = 'video' AND t.object_id = v.id AND t.restored_at IS NULL
                  LIMIT 1) AS takedown_reason
           FROM videos v WHERE v.id = ANY($1::int[])`,
        [ids],
      );
    },

    async statements(objectType: string, objectId: number): Promise<StatementRow[]> {
      return database.query<StatementRow>(
        `SELECT s.id, s.decision, s.reason, s.note, s.created_at::text, u.username AS decided_by,
                s.appeal_state, s.appeal_text
           FROM moderation_statements s LEFT JOIN users u ON u.id = s.decided_by
          WHERE s.object_type = $1 AND s.object_id = $2
          ORDER BY s.created_at DESC, s.id DESC`,
        [objectType, objectId],
      );
    },

    /** Publishes a pending video; false when it was no longer waiting. */
    /** The member's open appeal of an earlier decision on the video, if any. */
    async openAppeal(
      videoId: number,
    ): Promise<{ id: number; decided_by: number | null } | undefined> {
      const [row] = await database.query<{ id: number; decided_by: number | null }>(
        `SELECT id, decided_by FROM moderation_statements
          WHERE object_type = 'video' AND object_id = $1 AND appeal_state = 'open'
          ORDER BY created_at DESC LIMIT 1`,
        [videoId],
      );
      return row;
    },

    /** Publishes a pending video (reversing an appealed rejection); undefined when not waiting. */
    async approve(
      id: number,
      audit: AuditEntry,
      appeal?: { statementId: number; staffId: number },
    ): Promise<{ user_id: number } | undefined> {
      return database.transaction(async (tx) => {
        // No 2257 record, no publishing (decision 0055): the service says so first; this
        // holds it against a record taken back meanwhile.
        const [row] = await tx.query<{ user_id: number }>(
          `UPDATE videos SET status_id = $2, review_since = NULL, updated_at = now()
            WHERE id = $1 AND ${inReviewSql()}
              AND EXISTS (SELECT 1 FROM performer_records r WHERE r.video_id = $1)
            RETURNING user_id`,
          [id, VIDEO_STATUS.active],
        );
        if (!row) return undefined;
        if (appeal) await closeAppeal(tx, appeal, 'reversed');
        await appendAudit(tx, audit);
        return { user_id: Number(row.user_id) };
      });
    },

    /**
     * Rejects a pending video with a statement of reasons to its uploader. Answers the
     * statement's id and the member to tell, or undefined when it was no longer waiting.
     */
    async reject(
      id: number,
      decision: { reason: string; note: string; staffId: number },
      audit: AuditEntry,
      appeal?: { statementId: number; staffId: number },
    ): Promise<{ statementId: number; userId: number } | undefined> {
      return database.transaction(async (tx) => {
        const [row] = await tx.query<{ user_id: number }>(
          `UPDATE videos SET status_id = $2, review_since = NULL, updated_at = now()
            WHERE id = $1 AND ${inReviewSql()} RETURNING user_id`,
          [id, VIDEO_STATUS.rejected],
        );
        if (!row) return undefined;
        // An appeal refused: the first statement is upheld, and the new one says why again
        // (it cannot be appealed: one appeal per decision).
        if (appeal) await closeAppeal(tx, appeal, 'upheld');
        const [statement] = await tx.query<{ id: number }>(
          `INSERT INTO moderation_statements (user_id, object_type, object_id, decision, reason,
                                              note, decided_by, appeal_state)
           VALUES ($1, 'video', $2, 'rejected', $3, $4, $5, $6) RETURNING id`,
          [
            row.user_id,
            id,
            decision.reason,
            decision.note,
            decision.staffId,
            appeal ? 'upheld' : 'none',
          ],
        );
        await appendAudit(tx, audit);
        return { statementId: Number(statement?.id), userId: Number(row.user_id) };
      });
    },

    async markMailed(statementId: number): Promise<void> {
      await database.query('UPDATE moderation_statements SET mailed_at = now() WHERE id = $1', [
        statementId,
      ]);
    },

    /**
     * Who to tell about a statement, of any kind: the member's name, address and language.
     * A banned member too (status 2): they cannot sign in to read it on the site, and a
     * removal's mail is how they learn of a counter-notice or an appeal. Not an unconfirmed
     * address (status 0), which may not be theirs.
     */
    async recipient(userId: number): Promise<StatementRecipient | undefined> {
      const [row] = await database.query<StatementRecipient>(
        'SELECT username, email, lang FROM users WHERE id = $1 AND status IN (1, 2)',
        [userId],
      );
      return row;
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
