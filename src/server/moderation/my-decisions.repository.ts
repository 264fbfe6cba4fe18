import type { Database } from '../../db/client.ts';
import { activeSql, commentShownSql, playlistLiveSql } from '../kernel/access/visibility.ts';
import { commentPageSql } from './takedown.repository.ts';

// The member's moderation decisions other than their videos' (DSA art. 20): the statements of
// reasons about them with what each is about and whether it still holds. A statement, its
// takedown, strike or ban are written in one transaction (takedown.repository.ts,
// strikes.repository.ts, ban.repository.ts), so they carry the same `created_at`: that is how
// a statement finds its strike or ban. "All your comments" (member-admin.repository.ts
// `removeComments`) is a comment statement naming the member's own id with no takedown row
// written with it.

export interface MyDecisionRow {
  id: number;
  object_type: string;
  object_id: number;
  decision: 'removed' | 'strike' | 'banned';
  reason: string;
  note: string;
  created_at: string;
  appeal_state: 'none' | 'open' | 'upheld' | 'reversed';
  /** All the member's comments removed at once. */
  bulk: boolean;
  /** A comment's text, a playlist's or an album's title, while it exists. */
  title: string | null;
  /** The object is shown again (restored): its page. */
  path: string | null;
  strike_in_force: boolean | null;
  strike_dmca: boolean | null;
  ban_in_force: boolean | null;
}

/** Everything but the statements about videos, which the uploads tab shows. */
const MINE = `s.user_id = $1 AND s.object_type <> 'video'`;

/** A statement `s` of all the member's comments removed at once (not one comment's takedown). */
export const BULK_COMMENTS_SQL = `(s.object_type = 'comment' AND s.object_id = s.user_id AND NOT EXISTS (
  SELECT 1 FROM takedowns t WHERE t.object_type = 'comment' AND t.object_id = s.object_id
     AND t.created_at = s.created_at))`;

/** Statements `s` with what each is about and whether it holds; the caller adds WHERE. */
const DECISION_ROWS = `SELECT s.id, s.object_type, s.object_id, s.decision::text AS decision, s.reason, s.note,
       s.created_at::text, s.appeal_state::text AS appeal_state, b.bulk,
       CASE WHEN b.bulk THEN NULL ELSE CASE s.object_type
         WHEN 'comment' THEN (SELECT body FROM comments
                               WHERE id = s.object_id AND user_id = s.user_id)
         WHEN 'playlist' THEN (SELECT title FROM playlists
                                WHERE id = s.object_id AND user_id = s.user_id)
         WHEN 'album' THEN (SELECT title FROM albums
                             WHERE id = s.object_id AND user_id = s.user_id)
       END END AS title,
       CASE WHEN b.bulk THEN NULL ELSE CASE s.object_type
         WHEN 'comment' THEN (SELECT (${commentPageSql('s.object_id')})
                               WHERE EXISTS (SELECT 1 FROM comments
                                 WHERE id = s.object_id AND user_id = s.user_id
                                   AND ${commentShownSql()}))
         WHEN 'playlist' THEN (SELECT '/playlist/' || p.id || '/1/' FROM playlists p
                                WHERE p.id = s.object_id AND p.user_id = s.user_id
                                  AND ${playlistLiveSql({ alias: 'p' })})
         WHEN 'album' THEN (SELECT '/albums/' || a.id || '/' || a.dir || '/' FROM albums a
                             WHERE a.id = s.object_id AND a.user_id = s.user_id
                               AND ${activeSql({ alias: 'a' })})
       END END AS path,
       k.in_force AS strike_in_force, k.dmca AS strike_dmca,
       (SELECT n.lifted_at IS NULL FROM bans n
         WHERE s.decision = 'banned' AND n.user_id = s.user_id
           AND n.created_at = s.created_at
         LIMIT 1) AS ban_in_force
  FROM moderation_statements s
  CROSS JOIN LATERAL (SELECT ${BULK_COMMENTS_SQL} AS bulk) b
  LEFT JOIN LATERAL (
    SELECT k.revoked_at IS NULL AS in_force, k.dmca_notice_id IS NOT NULL AS dmca
      FROM strikes k
     WHERE s.decision = 'strike' AND k.user_id = s.user_id
       AND k.created_at = s.created_at
     ORDER BY k.id LIMIT 1) k ON true`;

export function createMyDecisionsRepository(database: Pick<Database, 'query'>) {
  return {
    /** Newest first. */
    async list(userId: number, opts: { limit: number; offset: number }): Promise<MyDecisionRow[]> {
      return database.query<MyDecisionRow>(
        `${DECISION_ROWS}
          WHERE ${MINE}
          ORDER BY s.created_at DESC, s.id DESC
          LIMIT $2 OFFSET $3`,
        [userId, opts.limit, opts.offset],
      );
    },

    /** One of the member's statements (not about a video), as the list reads it. */
    async one(userId: number, statementId: number): Promise<MyDecisionRow | undefined> {
      const [row] = await database.query<MyDecisionRow>(
        `${DECISION_ROWS}
          WHERE ${MINE} AND s.id = $2`,
        [userId, statementId],
      );
      return row;
    },

    async count(userId: number): Promise<number> {
      const [row] = await database.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM moderation_statements s WHERE ${MINE}`,
        [userId],
      );
      return Number(row?.n ?? 0);
    },
  };
}

export type MyDecisionsRepository = ReturnType<typeof createMyDecisionsRepository>;
