import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { moveVideoCounters } from '../../db/counters.ts';
import { videoListedSql } from '../kernel/access/visibility.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';
import { countRows } from '../kernel/db/estimate.ts';

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
}

type Tx = Pick<Database, 'query'>;

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

/** A listed video counts on its member, categories, tags, models and channel. */
const counts = (video: VideoState) => video.listed && video.counted !== 'false';

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
        if (counts(video)) {
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

    /** Puts a taken-down object back as it was; undefined when no takedown is in force. */
    async restore(
      takedownId: number,
      /** `staffId` null: no one person restored it (a DMCA restore after the waiting period). */
      restore: { staffId: number | null; note: string },
      audit: (takedown: { object_type: string; object_id: number; previous: number }) => AuditEntry,
      /** Runs in the restore's transaction (the strike revoked, a DMCA item restored). */
      inside?: (tx: Tx) => Promise<void>,
    ): Promise<{ objectType: string; objectId: number; userId: number } | undefined> {
      return database.transaction(async (tx) => {
        const [takedown] = await tx.query<{
          object_type: string;
          object_id: number;
          previous: { status_id?: number };
        }>(
          `UPDATE takedowns SET restored_at = now(), restored_by = $2, restore_note = $3
            WHERE id = $1 AND restored_at IS NULL AND object_type = 'video'
            RETURNING object_type, object_id, previous`,
          [takedownId, restore.staffId, restore.note],
        );
        if (takedown?.object_type !== 'video') return undefined;
        const id = Number(takedown.object_id);
        const previous = Number(takedown.previous.status_id ?? VIDEO_STATUS.active);
        await tx.query(
          'UPDATE videos SET status_id = $2, updated_at = now() WHERE id = $1 AND status_id = $3',
          [id, previous, VIDEO_STATUS.removed],
        );
        const video = await lockVideo(tx, id);
        if (!video) return undefined;
        if (counts(video)) {
          await moveVideoCounters(tx, { ...video, id, user_id: Number(video.user_id) }, 1);
        }
        await appendAudit(
          tx,
          audit({ object_type: takedown.object_type, object_id: id, previous }),
        );
        await inside?.(tx);
        return { objectType: 'video', objectId: id, userId: Number(video.user_id) };
      });
    },

    async list(opts: { inForce: boolean; limit: number; offset: number }): Promise<TakedownRow[]> {
      return database.query<TakedownRow>(
        `SELECT t.id, t.object_type, t.object_id, t.reason, t.note, s.username AS staff_name,
                t.report_id, t.created_at::text, t.restored_at::text,
                r.username AS restored_name, t.restore_note,
                CASE t.object_type WHEN 'video'
                  THEN (SELECT title FROM videos WHERE id = t.object_id) END AS title
           FROM takedowns t
           LEFT JOIN users s ON s.id = t.staff_id
           LEFT JOIN users r ON r.id = t.restored_by
          WHERE ($3::boolean IS FALSE OR t.restored_at IS NULL)
          ORDER BY t.created_at DESC, t.id DESC LIMIT $1 OFFSET $2`,
        [opts.limit, opts.offset, opts.inForce],
      );
    },

    async count(inForce: boolean): Promise<number> {
      return countRows(database, 'takedowns WHERE ($1::boolean IS FALSE OR restored_at IS NULL)', [
        inForce,
      ]);
    },
  };
}

export type TakedownRepository = ReturnType<typeof createTakedownRepository>;
