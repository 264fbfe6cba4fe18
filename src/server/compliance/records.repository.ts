import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';

// The SQL of 2257 records (decision 0055): one row per video (`performer_records`), written
// with the video in the upload's transaction, read whole only for an administrator (and
// every such read appended to the audit log), summarised for everyone else.

export interface RecordRow {
  id: number;
  video_id: number;
  user_id: number;
  exemption: string | null;
  performers: number;
  key_id: string;
  sealed: string;
  created_at: string;
}

/** What a moderator or the uploader may learn of a record: that it exists, and its kind. */
export interface RecordSummaryRow {
  exemption: string | null;
  performers: number;
  created_at: string;
}

export interface NewRecord {
  videoId: number;
  userId: number;
  exemption: string | null;
  performers: number;
  keyId: string;
  sealed: string;
}

/** Why a record filed after the upload was not written; `filed` when it was. */
export type LateFiling = 'filed' | 'not_found' | 'not_owner' | 'removed' | 'already_filed';

export interface RecordVideoRow {
  id: number;
  title: string;
  status_id: number;
  user_id: number;
  username: string | null;
}

export function createRecordsRepository(database: Pick<Database, 'query' | 'transaction'>) {
  return {
    /** Inside the upload's transaction: the video and its record exist together or not. */
    async insert(tx: Pick<Database, 'query'>, record: NewRecord): Promise<void> {
      await tx.query(
        `INSERT INTO performer_records (video_id, user_id, exemption, performers, key_id, sealed)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          record.videoId,
          record.userId,
          record.exemption,
          record.performers,
          record.keyId,
          record.sealed,
        ],
      );
    },

    /**
     * The record of a video filed after its upload (decision 0055): in one transaction the
     * video is locked, found to be the member's, not deleted nor removed and without a record,
     * then `write` files the row and the confirmation time is kept if the upload had none.
     */
    async fileLater(
      videoId: number,
      userId: number,
      write: (tx: Pick<Database, 'query'>) => Promise<void>,
    ): Promise<LateFiling> {
      return database.transaction(async (tx): Promise<LateFiling> => {
        const [video] = await tx.query<{ user_id: number; status_id: number; filed: boolean }>(
          `SELECT user_id, status_id,
                  EXISTS (SELECT 1 FROM performer_records r WHERE r.video_id = v.id) AS filed
             FROM videos v WHERE id = $1 AND status_id <> $2 FOR UPDATE`,
          [videoId, VIDEO_STATUS.deleted],
        );
        if (!video) return 'not_found';
        if (Number(video.user_id) !== userId) return 'not_owner';
        if (Number(video.status_id) === VIDEO_STATUS.removed) return 'removed';
        if (video.filed) return 'already_filed';
        await write(tx);
        await tx.query(
          'UPDATE videos SET rules_confirmed_at = coalesce(rules_confirmed_at, now()) WHERE id = $1',
          [videoId],
        );
        return 'filed';
      });
    },

    /** Takes back the record of a video whose upload could not be stored (never seen). */
    async discard(videoId: number): Promise<void> {
      await database.query('DELETE FROM performer_records WHERE video_id = $1', [videoId]);
    },

    async find(videoId: number): Promise<RecordRow | undefined> {
      const [row] = await database.query<RecordRow>(
        `SELECT id, video_id, user_id, exemption, performers, key_id, sealed, created_at::text
           FROM performer_records WHERE video_id = $1`,
        [videoId],
      );
      return row;
    },

    async summary(videoId: number): Promise<RecordSummaryRow | undefined> {
      const [row] = await database.query<RecordSummaryRow>(
        `SELECT exemption, performers, created_at::text FROM performer_records
          WHERE video_id = $1`,
        [videoId],
      );
      return row;
    },

    /** The video a record is about, deleted or not (records outlive their video). */
    async video(videoId: number): Promise<RecordVideoRow | undefined> {
      const [row] = await database.query<RecordVideoRow>(
        `SELECT v.id, v.title, v.status_id, v.user_id, u.username
           FROM videos v LEFT JOIN users u ON u.id = v.user_id WHERE v.id = $1`,
        [videoId],
      );
      return row;
    },

    /** Who reads a record, written before a byte of it leaves the server. */
    async audit(entry: AuditEntry): Promise<void> {
      await appendAudit(database, entry);
    },
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
