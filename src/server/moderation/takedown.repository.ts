import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { moveVideoCounters, videoCountsOnLinks } from '../../db/counters.ts';
import { videoListedSql } from '../kernel/access/visibility.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';
import { countRows } from '../kernel/db/estimate.ts';
import { likeContaining } from '../kernel/db/like.ts';
import { settleItemsOfTakedown } from './dmca.repository.ts';

// Takedowns of videos (issue 16, decision 0043): the video's status becomes `removed` (8), so
// every listing, search, sitemap and feed drops it with no query changed; its counters move as
// for a deletion; the takedown row keeps the status it had, and a restore puts exactly that
// back. Each in one transaction with its audit row and the statement of reasons.

export interface TakedownRow {
  id: number;
  object_type: string;
  object_id: number;
  reason: string;
  note: string;
  staff_name: string | null;
  report_id: number | null;
  created_at: string;
  restored_at: string | null;
  restored_name: string | null;
  restore_note: string;
  title: string | null;
  /** A comment's text: staff read what they removed. */
  text: string | null;
  /** The site page that shows (or showed) the object, '' when none. */
  path: string | null;
}

/** The page a comment is on (`commentId` the column holding it), as the takedowns list links it. */
export const commentPageSql = (commentId: string) => `SELECT CASE c.section
    WHEN 'video' THEN (SELECT '/videos/' || v.id || '/' || v.dir || '/' FROM videos v
                        WHERE v.id = c.object_id)
    WHEN 'album' THEN (SELECT '/albums/' || a.id || '/' || a.dir || '/' FROM albums a
                        WHERE a.id = c.object_id)
    WHEN 'model' THEN (SELECT '/model/' || m.dir || '/' FROM models m WHERE m.id = c.object_id)
    WHEN 'channel' THEN (SELECT '/channel/' || ch.dir || '/' FROM channels ch
                          WHERE ch.id = c.object_id)
    WHEN 'playlist' THEN '/playlist/' || c.object_id || '/1/'
    WHEN 'member' THEN '/members/' || c.object_id || '/'
  END FROM comments c WHERE c.id = ${commentId}`;

const COMMENT_PAGE_SQL = commentPageSql('t.object_id');

type Tx = Pick<Database, 'query'>;

/** The takedowns list's filters: those in force only, and the search box. */
export interface TakedownFilter {
  inForce: boolean;
  q: string;
}

/**
 * The takedowns a list shows (`t` the takedown; a ban's takedowns belong to the ban): the
 * search matches part of the object's title, a removed comment's text, the note, or the
 * staff member's name, whatever the case.
 */
function listWhere(filter: TakedownFilter, params: unknown[]): string {
  const clauses = ['t.ban_id IS NULL'];
  if (filter.inForce) clauses.push('t.restored_at IS NULL');
  if (filter.q) {
    params.push(likeContaining(filter.q));
    const like = `$${params.length}`;
    clauses.push(`(t.note ILIKE ${like}
      OR (SELECT username FROM users WHERE id = t.staff_id) ILIKE ${like}
      OR CASE t.object_type
           WHEN 'video' THEN (SELECT title FROM videos WHERE id = t.object_id)
           WHEN 'playlist' THEN (SELECT title FROM playlists WHERE id = t.object_id)
           WHEN 'album' THEN (SELECT title FROM albums WHERE id = t.object_id)
           WHEN 'comment' THEN (SELECT body FROM comments WHERE id = t.object_id)
         END ILIKE ${like})`);
  }
  return clauses.join(' AND ');
}

interface VideoState {
  id: number;
  user_id: number;
  gender: 'str' | 'she' | 'gay';
  status_id: number;
  title: string;
  listed: boolean;
  counted: string | null;
}

async function lockVideo(tx: Tx, id: number): Promise<VideoState | undefined> {
  const [row] = await tx.query<VideoState>(
    `SELECT id, user_id, gender, status_id, title, ${videoListedSql()} AS listed,
            media->>'counted' AS counted
       FROM videos WHERE id = $1 AND NOT media ? 'pool' FOR UPDATE`,
    [id],
  );
  return row;
}

/** What staff take down besides videos (decision 0047). */
export const TAKEDOWN_OBJECTS = ['video', 'comment', 'playlist', 'album'] as const;
export type TakedownObject = (typeof TAKEDOWN_OBJECTS)[number];
export type OtherTakedownObject = Exclude<TakedownObject, 'video'>;

/** The removed status of a comment (`comments.status`), a playlist and an album (`status_id`). */
const REMOVED = 8;

/** An object other than a video, locked for its takedown or restore. */
interface ObjectState {
  userId: number;
  /** Its status before the takedown (`previous` keeps it). */
  state: number;
  /** What the owner's statement names: a title, or the comment's opening words. */
  title: string;
}

/** The comment sections whose object counts its comments (`comments_count`). */
const COMMENT_COUNTERS: Readonly<Record<string, string>> = { video: 'videos', album: 'albums' };

/**
 * Each object type's takedown: how to lock it, its removed status, and what moves with it.
 * `lock` answers undefined for an object that is not there (or deleted); `hide` and `show`
 * run in the transaction that writes the takedown row and the audit row.
 */
interface ObjectKind {
  lock(tx: Tx, id: number): Promise<ObjectState | undefined>;
  hide(tx: Tx, id: number): Promise<void>;
  /** Puts `previous` back, if the object is still removed; false when it is not. */
  show(tx: Tx, id: number, previous: number): Promise<boolean>;
}

/** A comment's opening words, as its statement and the member's decisions name it. */
export const excerpt = (body: string, max = 60) => {
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** Moves the comment counter of the object a comment is on, when that object keeps one. */
async function moveCommentCount(tx: Tx, commentId: number, delta: 1 | -1): Promise<void> {
  const [comment] = await tx.query<{ section: string; object_id: number }>(
    'SELECT section, object_id FROM comments WHERE id = $1',
    [commentId],
  );
  const table = comment ? COMMENT_COUNTERS[comment.section] : undefined;
  if (!comment || !table) return;
  await tx.query(
    `UPDATE ${table} SET comments_count = GREATEST(0, comments_count + $2) WHERE id = $1`,
    [comment.object_id, delta],
  );
}

const OBJECT_KINDS: Readonly<Record<OtherTakedownObject, ObjectKind>> = {
  comment: {
    async lock(tx, id) {
      const [row] = await tx.query<{ user_id: number; status: number; body: string }>(
        'SELECT user_id, status, body FROM comments WHERE id = $1 FOR UPDATE',
        [id],
      );
      return row
        ? { userId: Number(row.user_id), state: Number(row.status), title: excerpt(row.body) }
        : undefined;
    },
    async hide(tx, id) {
      await tx.query('UPDATE comments SET status = $2 WHERE id = $1', [id, REMOVED]);
      await moveCommentCount(tx, id, -1);
    },
    async show(tx, id, previous) {
      const shown = await tx.query(
        'UPDATE comments SET status = $2 WHERE id = $1 AND status = $3 RETURNING 1',
        [id, previous, REMOVED],
      );
      if (shown.length === 0) return false;
      if (previous === 1) await moveCommentCount(tx, id, 1);
      return true;
    },
  },
  playlist: {
    async lock(tx, id) {
      const [row] = await tx.query<{ user_id: number; status_id: number; title: string }>(
        'SELECT user_id, status_id, title FROM playlists WHERE id = $1 FOR UPDATE',
        [id],
      );
      return row
        ? { userId: Number(row.user_id), state: Number(row.status_id), title: row.title }
        : undefined;
    },
    async hide(tx, id) {
      await tx.query('UPDATE playlists SET status_id = $2, updated_at = now() WHERE id = $1', [
        id,
        REMOVED,
      ]);
    },
    async show(tx, id, previous) {
      const shown = await tx.query(
        `UPDATE playlists SET status_id = $2, updated_at = now()
          WHERE id = $1 AND status_id = $3 RETURNING 1`,
        [id, previous, REMOVED],
      );
      return shown.length > 0;
    },
  },
  album: {
    async lock(tx, id) {
      const [row] = await tx.query<{ user_id: number; status_id: number; title: string }>(
        'SELECT user_id, status_id, title FROM albums WHERE id = $1 FOR UPDATE',
        [id],
      );
      return row && Number(row.status_id) !== VIDEO_STATUS.deleted
        ? { userId: Number(row.user_id), state: Number(row.status_id), title: row.title }
        : undefined;
    },
    async hide(tx, id) {
      await tx.query('UPDATE albums SET status_id = $2, updated_at = now() WHERE id = $1', [
        id,
        REMOVED,
      ]);
    },
    async show(tx, id, previous) {
      const shown = await tx.query(
        `UPDATE albums SET status_id = $2, updated_at = now()
          WHERE id = $1 AND status_id = $3 RETURNING 1`,
        [id, previous, REMOVED],
      );
      return shown.length > 0;
    },
  },
};

/** Rolls a restore back when its object was deleted meanwhile. */
class ObjectGone extends Error {}

/** The takedown's statement and audit details of an object other than a video. */
export interface ObjectTakedownDone {
  outcome: 'done';
  takedownId: number;
  statementId: number;
  userId: number;
  title: string;
}

export function createTakedownRepository(database: Pick<Database, 'query' | 'transaction'>) {
  return {
    /**
     * Takes a video down. `gone` when there is no such video (or it is deleted), `already`
     * when a takedown is in force.
     */
    async takeDownVideo(
      id: number,
      takedown: { reason: string; note: string; staffId: number; reportId: number | null },
      audit: (before: { state: number }) => AuditEntry,
      /** Runs in the takedown's transaction (a DMCA notice's strike and item). */
      inside?: (tx: Tx, done: { takedownId: number; userId: number }) => Promise<void>,
    ): Promise<
      | { outcome: 'done'; takedownId: number; statementId: number; userId: number; title: string }
      | { outcome: 'gone' | 'already' }
    > {
      return database.transaction(async (tx) => {
        const video = await lockVideo(tx, id);
        if (!video || Number(video.status_id) === VIDEO_STATUS.deleted) return { outcome: 'gone' };
        if (Number(video.status_id) === VIDEO_STATUS.removed) return { outcome: 'already' };
        await tx.query('UPDATE videos SET status_id = $2, updated_at = now() WHERE id = $1', [
          id,
          VIDEO_STATUS.removed,
        ]);
        if (videoCountsOnLinks(video)) {
          await moveVideoCounters(tx, { ...video, id, user_id: Number(video.user_id) }, -1);
        }
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO takedowns (object_type, object_id, reason, note, staff_id, report_id, previous)
           VALUES ('video', $1, $2, $3, $4, $5, $6::jsonb) RETURNING id`,
          [
            id,
            takedown.reason,
            takedown.note,
            takedown.staffId,
            takedown.reportId,
            JSON.stringify({ status_id: Number(video.status_id) }),
          ],
        );
        const [statement] = await tx.query<{ id: number }>(
          `INSERT INTO moderation_statements (user_id, object_type, object_id, decision, reason,
                                              note, decided_by)
           VALUES ($1, 'video', $2, 'removed', $3, $4, $5) RETURNING id`,
          [video.user_id, id, takedown.reason, takedown.note, takedown.staffId],
        );
        await appendAudit(tx, audit({ state: Number(video.status_id) }));
        await inside?.(tx, { takedownId: Number(row?.id), userId: Number(video.user_id) });
        return {
          outcome: 'done',
          takedownId: Number(row?.id),
          statementId: Number(statement?.id),
          userId: Number(video.user_id),
          title: video.title,
        };
      });
    },

    /**
     * Takes a comment, playlist or album down (decision 0047), as `takeDownVideo` does a
     * video: `gone` when there is no such object, `already` when a takedown is in force.
     */
    async takeDownObject(
      objectType: OtherTakedownObject,
      id: number,
      takedown: { reason: string; note: string; staffId: number; reportId: number | null },
      audit: (before: { state: number }) => AuditEntry,
    ): Promise<ObjectTakedownDone | { outcome: 'gone' | 'already' }> {
      const kind = OBJECT_KINDS[objectType];
      return database.transaction(async (tx) => {
        const object = await kind.lock(tx, id);
        if (!object) return { outcome: 'gone' };
        if (object.state === REMOVED) return { outcome: 'already' };
        await kind.hide(tx, id);
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO takedowns (object_type, object_id, reason, note, staff_id, report_id, previous)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb) RETURNING id`,
          [
            objectType,
            id,
            takedown.reason,
            takedown.note,
            takedown.staffId,
            takedown.reportId,
            JSON.stringify({ status: object.state }),
          ],
        );
        const [statement] = await tx.query<{ id: number }>(
          `INSERT INTO moderation_statements (user_id, object_type, object_id, decision, reason,
                                              note, decided_by)
           VALUES ($1, $2, $3, 'removed', $4, $5, $6) RETURNING id`,
          [object.userId, objectType, id, takedown.reason, takedown.note, takedown.staffId],
        );
        await appendAudit(tx, audit({ state: object.state }));
        return {
          outcome: 'done',
          takedownId: Number(row?.id),
          statementId: Number(statement?.id),
          userId: object.userId,
          title: object.title,
        };
      });
    },

    /**
     * Puts a taken-down object back as it was; undefined when no takedown is in force (or
     * the object is gone since). A video's DMCA items held by the takedown are settled with
     * it, and their notice's strike taken back when nothing of it holds the uploader any more.
     */
    async restore(
      takedownId: number,
      /** `staffId` null: no one person restored it (a DMCA restore after the waiting period). */
      restore: { staffId: number | null; note: string },
      audit: (takedown: { object_type: string; object_id: number; previous: number }) => AuditEntry,
      /** Runs in the restore's transaction (an appeal's strike revoked, a DMCA item checked). */
      inside?: (tx: Tx) => Promise<void>,
    ): Promise<{ objectType: string; objectId: number; userId: number } | undefined> {
      return database
        .transaction(async (tx) => {
          const [takedown] = await tx.query<{
            object_type: string;
            object_id: number;
            previous: { status_id?: number; status?: number };
          }>(
            `UPDATE takedowns SET restored_at = now(), restored_by = $2, restore_note = $3
            WHERE id = $1 AND restored_at IS NULL AND ban_id IS NULL
              AND object_type IN ('video', 'comment', 'playlist', 'album')
            RETURNING object_type, object_id, previous`,
            [takedownId, restore.staffId, restore.note],
          );
          if (!takedown) return undefined;
          const id = Number(takedown.object_id);
          if (takedown.object_type !== 'video') {
            const objectType = takedown.object_type as OtherTakedownObject;
            const kind = OBJECT_KINDS[objectType];
            const previous = Number(takedown.previous.status ?? 1);
            const object = await kind.lock(tx, id);
            // Deleted since: nothing to put back (the transaction keeps the takedown in force).
            if (!object || !(await kind.show(tx, id, previous))) {
              throw new ObjectGone();
            }
            await appendAudit(tx, audit({ object_type: objectType, object_id: id, previous }));
            await inside?.(tx);
            return { objectType, objectId: id, userId: object.userId };
          }
          const previous = Number(takedown.previous.status_id ?? VIDEO_STATUS.active);
          const shown = await tx.query(
            `UPDATE videos SET status_id = $2, updated_at = now()
              WHERE id = $1 AND status_id = $3 RETURNING id`,
            [id, previous, VIDEO_STATUS.removed],
          );
          // Deleted by its owner since: nothing to put back, as for the other kinds.
          if (shown.length === 0) throw new ObjectGone();
          const video = await lockVideo(tx, id);
          if (!video) throw new ObjectGone();
          if (videoCountsOnLinks(video)) {
            await moveVideoCounters(tx, { ...video, id, user_id: Number(video.user_id) }, 1);
          }
          await appendAudit(
            tx,
            audit({ object_type: takedown.object_type, object_id: id, previous }),
          );
          await inside?.(tx);
          // After `inside`: the DMCA job checks its item is still countered before it settles.
          await settleItemsOfTakedown(tx, takedownId, id, restore.staffId);
          return { objectType: 'video', objectId: id, userId: Number(video.user_id) };
        })
        .catch((error: unknown) => {
          if (error instanceof ObjectGone) return undefined;
          throw error;
        });
    },

    /** Which object a takedown is of, if there is such a takedown. */
    async objectOf(takedownId: number): Promise<{ object_type: string } | undefined> {
      const [row] = await database.query<{ object_type: string }>(
        'SELECT object_type FROM takedowns WHERE id = $1',
        [takedownId],
      );
      return row;
    },

    async list(opts: TakedownFilter & { limit: number; offset: number }): Promise<TakedownRow[]> {
      const params: unknown[] = [opts.limit, opts.offset];
      return database.query<TakedownRow>(
        `SELECT t.id, t.object_type, t.object_id, t.reason, t.note, s.username AS staff_name,
                t.report_id, t.created_at::text, t.restored_at::text,
                r.username AS restored_name, t.restore_note,
                CASE t.object_type
                  WHEN 'video' THEN (SELECT title FROM videos WHERE id = t.object_id)
                  WHEN 'playlist' THEN (SELECT title FROM playlists WHERE id = t.object_id)
                  WHEN 'album' THEN (SELECT title FROM albums WHERE id = t.object_id)
                END AS title,
                CASE t.object_type WHEN 'comment'
                  THEN (SELECT body FROM comments WHERE id = t.object_id) END AS text,
                CASE t.object_type
                  WHEN 'video' THEN (SELECT '/videos/' || id || '/' || dir || '/' FROM videos
                                      WHERE id = t.object_id)
                  WHEN 'playlist' THEN '/playlist/' || t.object_id || '/1/'
                  WHEN 'album' THEN (SELECT '/albums/' || id || '/' || dir || '/' FROM albums
                                      WHERE id = t.object_id)
                  WHEN 'comment' THEN (${COMMENT_PAGE_SQL})
                END AS path
           FROM takedowns t
           LEFT JOIN users s ON s.id = t.staff_id
           LEFT JOIN users r ON r.id = t.restored_by
          WHERE ${listWhere(opts, params)}
          ORDER BY t.created_at DESC, t.id DESC LIMIT $1 OFFSET $2`,
        params,
      );
    },

    async count(filter: TakedownFilter): Promise<number> {
      const params: unknown[] = [];
      return countRows(database, `takedowns t WHERE ${listWhere(filter, params)}`, params);
    },
  };
}

export type TakedownRepository = ReturnType<typeof createTakedownRepository>;
