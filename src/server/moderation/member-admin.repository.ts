import type { Database } from '../../db/client.ts';
import { moveCommentCounters } from '../../db/counters.ts';
import { notDeletedSql } from '../kernel/access/visibility.ts';
import { type Actor, type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';
import { countRows } from '../kernel/db/estimate.ts';
import {
  banMember,
  type ContentMoved,
  liftBan,
  lockMember,
  type MemberTarget,
} from './ban.repository.ts';
import { type StrikeOutcome, type StrikePolicy, strikeAndMaybeBan } from './people-strikes.ts';

// One member's record for staff (issue 16, decision 0048): the console's member page reads
// it, and the acts on the account (ban, unban, strikes, comments and wall posts removed) each
// run in one transaction with their audit row and statement of reasons.

export interface MemberSummaryRow {
  id: number;
  username: string;
  email: string;
  role: number;
  trusted_uploader: boolean;
  status: number;
  created_at: string;
  last_login_at: string | null;
  lang: string;
  uploads: number | string;
  comments: number | string;
  wall_posts: number | string;
  strikes_in_force: number | string;
}

export interface StrikeRow {
  id: number;
  reason: string;
  note: string;
  by: string | null;
  takedown_id: number | null;
  dmca_notice_id: number | null;
  created_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

export interface BanRow {
  id: number;
  reason: string;
  note: string;
  hide_content: boolean;
  by: string | null;
  created_at: string;
  lifted_at: string | null;
  lifted_by: string | null;
  lift_note: string;
}

export interface MemberStatementRow {
  id: number;
  object_type: string;
  object_id: number;
  decision: 'rejected' | 'removed' | 'strike' | 'banned';
  reason: string;
  note: string;
  by: string | null;
  created_at: string;
  mailed: boolean;
  appeal_state: 'none' | 'open' | 'upheld' | 'reversed';
}

/** Whether this staff member may act on that account (the service's rule). */
export type TargetCheck = (target: MemberTarget) => boolean;

interface Page {
  limit: number;
  offset: number;
}

type Refusal = { outcome: 'missing' | 'forbidden' | 'already' };

/** Reports about the member, their videos, albums or comments. */
const REPORTS_OF = `reports r
  WHERE (r.object_type = 'member' AND r.object_id = $1)
     OR (r.object_type = 'video' AND r.object_id IN (SELECT id FROM videos WHERE user_id = $1))
     OR (r.object_type = 'album' AND r.object_id IN (SELECT id FROM albums WHERE user_id = $1))
     OR (r.object_type = 'comment' AND r.object_id IN (SELECT id FROM comments WHERE user_id = $1))`;

export function createMemberAdminRepository(database: Pick<Database, 'query' | 'transaction'>) {
  return {
    async summary(userId: number): Promise<MemberSummaryRow | undefined> {
      const [row] = await database.query<MemberSummaryRow>(
        `SELECT u.id, u.username, u.email, u.role, u.trusted_uploader, u.status,
                u.created_at::text, u.last_login_at::text, u.lang,
                (SELECT count(*) FROM videos v WHERE v.user_id = u.id AND ${notDeletedSql({ alias: 'v' })}) AS uploads,
                (SELECT count(*) FROM comments c WHERE c.user_id = u.id AND c.status = 1) AS comments,
                (SELECT count(*) FROM wall_posts w WHERE w.author_id = u.id AND w.status = 1) AS wall_posts,
                (SELECT count(*) FROM strikes s WHERE s.user_id = u.id AND s.revoked_at IS NULL) AS strikes_in_force
           FROM users u WHERE u.id = $1`,
        [userId],
      );
      return row;
    },

    async countReports(userId: number): Promise<number> {
      return countRows(database, REPORTS_OF, [userId]);
    },

    async strikes(userId: number, limit: number): Promise<StrikeRow[]> {
      return database.query<StrikeRow>(
        `SELECT s.id, s.reason, s.note, g.username AS by, s.takedown_id, s.dmca_notice_id,
                s.created_at::text, s.revoked_at::text, r.username AS revoked_by
           FROM strikes s
           LEFT JOIN users g ON g.id = s.staff_id
           LEFT JOIN users r ON r.id = s.revoked_by
          WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT $2`,
        [userId, limit],
      );
    },

    async bans(userId: number, limit: number): Promise<BanRow[]> {
      return database.query<BanRow>(
        `SELECT b.id, b.reason, b.note, b.hide_content, s.username AS by, b.created_at::text,
                b.lifted_at::text, l.username AS lifted_by, b.lift_note
           FROM bans b
           LEFT JOIN users s ON s.id = b.staff_id
           LEFT JOIN users l ON l.id = b.lifted_by
          WHERE b.user_id = $1 ORDER BY b.created_at DESC, b.id DESC LIMIT $2`,
        [userId, limit],
      );
    },

    async statements(userId: number, limit: number): Promise<MemberStatementRow[]> {
      return database.query<MemberStatementRow>(
        `SELECT m.id, m.object_type, m.object_id, m.decision, m.reason, m.note,
                s.username AS by, m.created_at::text, m.mailed_at IS NOT NULL AS mailed,
                m.appeal_state
           FROM moderation_statements m LEFT JOIN users s ON s.id = m.decided_by
          WHERE m.user_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT $2`,
        [userId, limit],
      );
    },

    async uploads(userId: number, p: Page) {
      const rows = await database.query<{
        id: number;
        title: string;
        dir: string;
        status_id: number;
        created_at: string;
      }>(
        `SELECT id, title, dir, status_id, created_at::text FROM videos
          WHERE user_id = $1 AND ${notDeletedSql()} AND NOT media ? 'pool'
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [userId, p.limit, p.offset],
      );
      const total = await countRows(
        database,
        `videos WHERE user_id = $1 AND ${notDeletedSql()} AND NOT media ? 'pool'`,
        [userId],
      );
      return { rows, total };
    },

    async comments(userId: number, p: Page) {
      const rows = await database.query<{
        id: number;
        section: string;
        object_id: number;
        body: string;
        status: number;
        created_at: string;
      }>(
        `SELECT id, section::text AS section, object_id, body, status, created_at::text
           FROM comments WHERE user_id = $1
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [userId, p.limit, p.offset],
      );
      const total = await countRows(database, 'comments WHERE user_id = $1', [userId]);
      return { rows, total };
    },

    async wallPosts(userId: number, p: Page) {
      const rows = await database.query<{
        id: number;
        owner_id: number;
        owner: string;
        body: string;
        status: number;
        created_at: string;
      }>(
        `SELECT w.id, w.owner_id, o.username AS owner, w.body, w.status, w.created_at::text
           FROM (SELECT * FROM wall_posts WHERE author_id = $1
                  ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3) w
           JOIN users o ON o.id = w.owner_id
          ORDER BY w.created_at DESC, w.id DESC`,
        [userId, p.limit, p.offset],
      );
      const total = await countRows(database, 'wall_posts WHERE author_id = $1', [userId]);
      return { rows, total };
    },

    async reports(userId: number, p: Page) {
      const rows = await database.query<{
        id: number;
        subject: 'dmca' | 'technical' | 'inappropriate' | 'support';
        state: 'new' | 'in_progress' | 'resolved' | 'rejected';
        object_type: 'video' | 'album' | 'comment' | 'member';
        object_id: number;
        message: string;
        created_at: string;
      }>(
        `SELECT r.id, r.subject, r.state, r.object_type, r.object_id, r.message,
                r.created_at::text
           FROM ${REPORTS_OF}
          ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
        [userId, p.limit, p.offset],
      );
      return { rows, total: await countRows(database, REPORTS_OF, [userId]) };
    },

    async ban(
      input: {
        userId: number;
        reason: string;
        note: string;
        hideContent: boolean;
        staffId: number;
      },
      may: TargetCheck,
      audit: (done: { banId: number; before: number; hidden: ContentMoved }) => AuditEntry,
    ): Promise<
      { outcome: 'done'; banId: number; statementId: number; hidden: ContentMoved } | Refusal
    > {
      return database.transaction(async (tx) => {
        const target = await lockMember(tx, input.userId);
        if (!target) return { outcome: 'missing' };
        if (!may(target)) return { outcome: 'forbidden' };
        const done = await banMember(tx, input);
        if (done.outcome !== 'done') return done;
        await appendAudit(tx, audit(done));
        return done;
      });
    },

    async unban(
      lift: { userId: number; staffId: number; note: string },
      may: TargetCheck,
      audit: (done: { banId: number; restored: ContentMoved }) => AuditEntry,
    ): Promise<{ outcome: 'done'; restored: ContentMoved } | Refusal> {
      return database.transaction(async (tx) => {
        const target = await lockMember(tx, lift.userId);
        if (!target) return { outcome: 'missing' };
        if (!may(target)) return { outcome: 'forbidden' };
        const done = await liftBan(tx, lift);
        if (!done) return { outcome: 'missing' };
        await appendAudit(tx, audit(done));
        return { outcome: 'done', restored: done.restored };
      });
    },

    async strike(
      input: { userId: number; reason: string; note: string; staffId: number },
      policy: StrikePolicy,
      actor: Actor,
      may: TargetCheck,
    ): Promise<({ outcome: 'done' } & StrikeOutcome) | Refusal> {
      return database.transaction(async (tx) => {
        const target = await lockMember(tx, input.userId);
        if (!target) return { outcome: 'missing' };
        if (!may(target)) return { outcome: 'forbidden' };
        const done = await strikeAndMaybeBan(
          tx,
          { ...input, takedownId: null, dmcaNoticeId: null },
          policy,
          actor,
        );
        return { outcome: 'done', ...done };
      });
    },

    /**
     * Revokes a strike in force, an act on its member as a strike is: the member locked and
     * checked the same way. `missing` when the strike is not in force.
     */
    async revokeStrike(
      strikeId: number,
      staffId: number,
      may: TargetCheck,
      audit: (strike: { userId: number; reason: string }) => AuditEntry,
    ): Promise<{ outcome: 'done'; userId: number } | Refusal> {
      return database.transaction(async (tx) => {
        const [strike] = await tx.query<{ user_id: number }>(
          'SELECT user_id FROM strikes WHERE id = $1 AND revoked_at IS NULL',
          [strikeId],
        );
        if (!strike) return { outcome: 'missing' };
        const target = await lockMember(tx, Number(strike.user_id));
        if (!target) return { outcome: 'missing' };
        if (!may(target)) return { outcome: 'forbidden' };
        // Again under the member's lock: a revoke that ran meanwhile leaves nothing to do.
        const [row] = await tx.query<{ reason: string }>(
          `UPDATE strikes SET revoked_at = now(), revoked_by = $2
            WHERE id = $1 AND user_id = $3 AND revoked_at IS NULL RETURNING reason`,
          [strikeId, staffId, target.id],
        );
        if (!row) return { outcome: 'missing' };
        await appendAudit(tx, audit({ userId: target.id, reason: row.reason }));
        return { outcome: 'done', userId: target.id };
      });
    },

    /** Removes every shown comment of the member: how many, and the statement to mail. */
    async removeComments(
      input: { userId: number; reason: string; note: string; staffId: number },
      audit: (count: number) => AuditEntry,
    ): Promise<{ count: number; statementId: number | null } | undefined> {
      return database.transaction(async (tx) => {
        const target = await lockMember(tx, input.userId);
        if (!target) return undefined;
        const rows = await tx.query<{ id: number }>(
          'UPDATE comments SET status = 8 WHERE user_id = $1 AND status = 1 RETURNING id',
          [input.userId],
        );
        const ids = rows.map((r) => Number(r.id));
        await moveCommentCounters(tx, ids, -1);
        await appendAudit(tx, audit(ids.length));
        if (ids.length === 0) return { count: 0, statementId: null };
        const [statement] = await tx.query<{ id: number }>(
          `INSERT INTO moderation_statements (user_id, object_type, object_id, decision, reason,
                                              note, decided_by)
           VALUES ($1, 'comment', $1, 'removed', $2, $3, $4) RETURNING id`,
          [input.userId, input.reason, input.note, input.staffId],
        );
        return { count: ids.length, statementId: Number(statement?.id) };
      });
    },

    /**
     * Hides (status 8) or shows again one wall post; a takedown a ban made of it ends with
     * the unhide. Undefined when there is no such post or it already is so.
     */
    async setWallPost(
      postId: number,
      shown: boolean,
      staffId: number,
      audit: (post: { ownerId: number; authorId: number }) => AuditEntry,
    ): Promise<{ ownerId: number; authorId: number } | undefined> {
      return database.transaction(async (tx) => {
        const [row] = await tx.query<{ owner_id: number; author_id: number }>(
          `UPDATE wall_posts SET status = $2 WHERE id = $1 AND status = $3
           RETURNING owner_id, author_id`,
          [postId, shown ? 1 : 8, shown ? 8 : 1],
        );
        if (!row) return undefined;
        if (shown) {
          await tx.query(
            `UPDATE takedowns SET restored_at = now(), restored_by = $2
              WHERE object_type = 'wall_post' AND object_id = $1 AND restored_at IS NULL`,
            [postId, staffId],
          );
        }
        const post = { ownerId: Number(row.owner_id), authorId: Number(row.author_id) };
        await appendAudit(tx, audit(post));
        return post;
      });
    },
  };
}

export type MemberAdminRepository = ReturnType<typeof createMemberAdminRepository>;
