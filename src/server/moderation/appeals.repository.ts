import type { Database } from '../../db/client.ts';
import { moveCommentCounters } from '../../db/counters.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';
import { countRows } from '../kernel/db/estimate.ts';
import { BULK_COMMENTS_SQL } from './my-decisions.repository.ts';

// Appeals of removals and strikes (decision 0049): the open ones for the console, and their
// decision. A reversal that puts a takedown back goes through the takedown repository (its
// restore, with the statement and the strike updated in that transaction); these are the
// rest: the list, an upheld appeal, a strike's own reversal.

type Tx = Pick<Database, 'query'>;

export interface AppealRow {
  id: number;
  user_id: number;
  username: string | null;
  object_type: string;
  object_id: number;
  title: string | null;
  decision: 'removed' | 'strike';
  reason: string;
  note: string;
  decided_by: number | null;
  decided_name: string | null;
  created_at: string;
  appeal_text: string;
  appealed_at: string;
  /** All the member's comments removed at once (`object_id` is the member's id then). */
  bulk: boolean;
}

const OPEN = `s.appeal_state = 'open' AND s.decision IN ('removed', 'strike')`;

const COLUMNS = `s.id, s.user_id, u.username, s.object_type, s.object_id,
  CASE WHEN ${BULK_COMMENTS_SQL} THEN 'All of the member''s comments' ELSE CASE s.object_type
    WHEN 'video' THEN (SELECT title FROM videos WHERE id = s.object_id)
    WHEN 'comment' THEN (SELECT left(body, 200) FROM comments WHERE id = s.object_id)
    WHEN 'playlist' THEN (SELECT title FROM playlists WHERE id = s.object_id)
    WHEN 'album' THEN (SELECT title FROM albums WHERE id = s.object_id)
  END END AS title, ${BULK_COMMENTS_SQL} AS bulk,
  s.decision::text AS decision, s.reason, s.note, s.decided_by, d.username AS decided_name,
  s.created_at::text, coalesce(s.appeal_text, '') AS appeal_text,
  s.appealed_at::text`;

const JOINS = `moderation_statements s LEFT JOIN users u ON u.id = s.user_id
  LEFT JOIN users d ON d.id = s.decided_by`;

export function createAppealsRepository(database: Pick<Database, 'query' | 'transaction'>) {
  return {
    /** Open appeals, the longest waiting first. */
    async list(opts: { limit: number; offset: number }): Promise<AppealRow[]> {
      return database.query<AppealRow>(
        `SELECT ${COLUMNS} FROM ${JOINS} WHERE ${OPEN}
          ORDER BY s.appealed_at, s.id LIMIT $1 OFFSET $2`,
        [opts.limit, opts.offset],
      );
    },

    async count(): Promise<number> {
      return countRows(database, `moderation_statements s WHERE ${OPEN}`, []);
    },

    async open(id: number): Promise<AppealRow | undefined> {
      const [row] = await database.query<AppealRow>(
        `SELECT ${COLUMNS} FROM ${JOINS} WHERE s.id = $1 AND ${OPEN}`,
        [id],
      );
      return row;
    },

    /** The takedown in force of the object a removal statement is about. */
    async takedownInForce(objectType: string, objectId: number): Promise<number | undefined> {
      const [row] = await database.query<{ id: number }>(
        `SELECT id FROM takedowns WHERE object_type = $1 AND object_id = $2
            AND restored_at IS NULL`,
        [objectType, objectId],
      );
      return row ? Number(row.id) : undefined;
    },

    /** In a transaction: the appeal is decided, if it is still open. */
    async decided(
      tx: Tx,
      id: number,
      outcome: 'upheld' | 'reversed',
      staffId: number,
    ): Promise<boolean> {
      const rows = await tx.query(
        `UPDATE moderation_statements
            SET appeal_state = $2, appeal_decided_by = $3, appeal_decided_at = now()
          WHERE id = $1 AND appeal_state = 'open' RETURNING id`,
        [id, outcome, staffId],
      );
      return rows.length > 0;
    },

    /** Decides the appeal with its audit row and whatever else `also` changes, together. */
    async decide(
      id: number,
      outcome: 'upheld' | 'reversed',
      staffId: number,
      audit: AuditEntry,
      also?: (tx: Tx) => Promise<void>,
    ): Promise<boolean> {
      return database.transaction(async (tx) => {
        if (!(await this.decided(tx, id, outcome, staffId))) return false;
        await also?.(tx);
        await appendAudit(tx, audit);
        return true;
      });
    },

    /**
     * In a transaction: shows again the member's comments removed all at once (every removed
     * one no takedown holds: a takedown of one comment, or a ban's, keeps its own). Answers
     * how many came back.
     */
    async restoreBulkComments(tx: Tx, userId: number): Promise<number> {
      const rows = await tx.query<{ id: number }>(
        `UPDATE comments c SET status = 1
          WHERE c.user_id = $1 AND c.status = 8
            AND NOT EXISTS (SELECT 1 FROM takedowns t WHERE t.object_type = 'comment'
                              AND t.object_id = c.id AND t.restored_at IS NULL)
         RETURNING c.id`,
        [userId],
      );
      const ids = rows.map((row) => Number(row.id));
      await moveCommentCounters(tx, ids, 1);
      return ids.length;
    },

    /**
     * In a transaction: revokes the strike a strike statement told of (written in one
     * transaction, so both rows carry the same `created_at`).
     */
    async revokeStrikeOfStatement(tx: Tx, statementId: number, staffId: number): Promise<void> {
      await tx.query(
        `UPDATE strikes t SET revoked_at = now(), revoked_by = $2
           FROM moderation_statements s
          WHERE s.id = $1 AND t.user_id = s.user_id AND t.created_at = s.created_at
            AND t.revoked_at IS NULL`,
        [statementId, staffId],
      );
    },
  };
}

export type AppealsRepository = ReturnType<typeof createAppealsRepository>;
