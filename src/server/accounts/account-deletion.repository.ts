import { tombstone } from '../../contracts/account-data.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import {
  moveCommentCounters,
  moveVideoCounters,
  refreshPlaylistTops,
  videoCountsOnLinks,
} from '../../db/counters.ts';
import { notDeletedSql, videoListedSql } from '../kernel/access/visibility.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';
import { MEMBER_VOTES_WHERE } from './account-data.repository.ts';

// The deletion of a member's account (GDPR art. 17, decision 0057), in two parts.
//
// `retire`, in the request's one transaction: the row becomes a tombstone at once (username
// and address freed, password, Google link and profile gone, status 2 so no page shows it),
// every session and mailed link ends, and what the public sees of the member goes: uploads
// and albums deleted (status 5, counters moved), playlists, comments and wall posts removed.
//
// `purge*`, run by the `account.purge` job soon after (a sweep catches any it missed): the
// rows left are removed or anonymised, in steps that each commit, so a run cut short goes on
// where it stopped. What the law or other people's rights keep stays, minimised to ids:
// 2257 records (no foreign key), takedowns, strikes, bans, statements of reasons, DMCA
// notices and counter-notices, the audit log. A video that such a record names keeps an
// empty row (status 5, no title, no files), so the records and re-upload checks still hold.

type Tx = Pick<Database, 'query'>;

export interface DeletionAccount {
  id: number;
  username: string;
  passwordHash: string | null;
  deleted: boolean;
}

export interface Retired {
  /** Videos and albums that stopped being served: their media decisions are forgotten. */
  videos: number[];
  albums: number[];
}

export interface PurgeVideo {
  id: number;
  /** The source file's storage key, if any. */
  source: string | null;
  /** A demo clip other videos play (decision 0033): its files are not the member's. */
  pool: boolean;
}

export interface AccountDeletionRepository {
  /** The account a signed-in member deletes; undefined when there is none. */
  account(userId: number): Promise<DeletionAccount | undefined>;
  /** The at-once part; undefined when the account was deleted meanwhile. */
  retire(userId: number, audit: AuditEntry): Promise<Retired | undefined>;
  /** Accounts deleted whose purge has not run to its end, oldest first. */
  pendingPurges(limit: number): Promise<number[]>;
  /** True while the account is deleted and waits for its purge. */
  purgePending(userId: number): Promise<boolean>;
  /** The member's videos still holding rows, a batch at a time. */
  videos(userId: number, afterId: number, limit: number): Promise<PurgeVideo[]>;
  /** Removes these videos' rows, or empties the ones a moderation or 2257 record names. */
  dropVideos(userId: number, ids: number[]): Promise<void>;
  /** The member's albums still holding rows. */
  albums(userId: number): Promise<number[]>;
  dropAlbums(userId: number, ids: number[]): Promise<void>;
  /** Age-check evidence files still stored (a check still waiting when the account went). */
  ageEvidence(userId: number): Promise<string[]>;
  /**
   * Everything else of the member's, counters of other objects reconciled; the row is left
   * as the purged tombstone and the purge is written to the audit log.
   */
  finish(userId: number, audit: AuditEntry): Promise<void>;
}

/** The member's votes go, through votes_user_idx as the export reads them. */
export const PURGE_MEMBER_VOTES_SQL = `DELETE FROM votes WHERE ${MEMBER_VOTES_WHERE}
  RETURNING section, object_id, vote`;

/** Other members' lists that hold a purged video: each has an index by video (migration 0020). */
export const MEMBER_VIDEO_LISTS = ['favourites', 'watch_later', 'history'] as const;

export function dropFromListSql(table: (typeof MEMBER_VIDEO_LISTS)[number]): string {
  return `DELETE FROM ${table} WHERE video_id = ANY($1::int[])`;
}

async function deleteComments(tx: Tx, section: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query('DELETE FROM comments WHERE section = $1 AND object_id = ANY($2::int[])', [
    section,
    ids,
  ]);
  await tx.query('DELETE FROM votes WHERE section = $1 AND object_id = ANY($2::int[])', [
    section,
    ids,
  ]);
}

/** Other members' playlists lose these videos: their counts and cover thumbs follow. */
async function dropFromPlaylists(tx: Tx, videoIds: number[]): Promise<void> {
  const touched = await tx.query<{ playlist_id: number }>(
    'DELETE FROM playlist_videos WHERE video_id = ANY($1::int[]) RETURNING playlist_id',
    [videoIds],
  );
  await refreshPlaylistTops(tx, [...new Set(touched.map((row) => Number(row.playlist_id)))]);
}

export function createAccountDeletionRepository(database: Database): AccountDeletionRepository {
  return {
    async account(userId) {
      const [row] = await database.query<{
        id: number;
        username: string;
        password_hash: string | null;
        deleted: boolean;
      }>(
        `SELECT id, username, password_hash, deleted_at IS NOT NULL AS deleted
           FROM users WHERE id = $1`,
        [userId],
      );
      return row
        ? {
            id: Number(row.id),
            username: row.username,
            passwordHash: row.password_hash,
            deleted: row.deleted === true,
          }
        : undefined;
    },

    retire(userId, audit) {
      return database.transaction(async (tx) => {
        const [user] = await tx.query(
          'SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
          [userId],
        );
        if (!user) return undefined;
        await tx.query(
          `UPDATE users SET deleted_at = now(), status = 2, username = $2, display_name = '',
                  email = $3, password_hash = NULL, google_sub = NULL, role = 0,
                  trusted_uploader = false, age_verified = false, gender = NULL,
                  birth_date = NULL, relationship = NULL, orientation = NULL, education = '',
                  website = '', country = NULL, city = '', interests = '', occupation = '',
                  about = '', last_login_at = NULL, failed_logins = 0, login_locked_until = NULL,
                  updated_at = now()
            WHERE id = $1`,
          [userId, tombstone.username(userId), tombstone.pendingEmail(userId)],
        );
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
        await tx.query('DELETE FROM account_tokens WHERE user_id = $1', [userId]);
        await tx.query('DELETE FROM email_changes WHERE user_id = $1', [userId]);

        // Uploads: deleted for everyone (status 5: no restore of a takedown brings one back).
        const videos = await tx.query<{
          id: number;
          gender: 'str' | 'she' | 'gay';
          listed: boolean;
          counted: string | null;
        }>(
          `SELECT id, gender, ${videoListedSql()} AS listed, media->>'counted' AS counted
             FROM videos
            WHERE user_id = $1 AND status_id <> $2 AND NOT media ? 'pool'
            ORDER BY id FOR UPDATE`,
          [userId, VIDEO_STATUS.deleted],
        );
        for (const video of videos) {
          if (videoCountsOnLinks(video)) {
            await moveVideoCounters(
              tx,
              { id: Number(video.id), user_id: userId, gender: video.gender },
              -1,
            );
          }
        }
        const videoIds = videos.map((v) => Number(v.id));
        if (videoIds.length > 0) {
          // A deleted video's page still answers (status 5, SPEC.md §4): without its words.
          await tx.query(
            `UPDATE videos SET status_id = $2, title = '', description = '', updated_at = now()
              WHERE id = ANY($1::int[])`,
            [videoIds, VIDEO_STATUS.deleted],
          );
        }
        const albums = await tx.query<{ id: number }>(
          `UPDATE albums SET status_id = 5, title = '', description = '', updated_at = now()
            WHERE user_id = $1 AND ${notDeletedSql()} RETURNING id`,
          [userId],
        );

        const playlists = await tx.query<{ id: number }>(
          'DELETE FROM playlists WHERE user_id = $1 RETURNING id',
          [userId],
        );
        await deleteComments(
          tx,
          'playlist',
          playlists.map((p) => Number(p.id)),
        );
        // Only shown comments are counted on their object: uncounted while still in the table.
        const shown = await tx.query<{ id: number }>(
          'SELECT id FROM comments WHERE user_id = $1 AND status = 1 FOR UPDATE',
          [userId],
        );
        await moveCommentCounters(
          tx,
          shown.map((c) => Number(c.id)),
          -1,
        );
        await tx.query('DELETE FROM comments WHERE user_id = $1', [userId]);
        await tx.query("DELETE FROM comments WHERE section = 'member' AND object_id = $1", [
          userId,
        ]);
        await tx.query('DELETE FROM wall_posts WHERE author_id = $1', [userId]);
        await tx.query('DELETE FROM wall_posts WHERE owner_id = $1', [userId]);
        await appendAudit(tx, audit);
        return { videos: videoIds, albums: albums.map((a) => Number(a.id)) };
      });
    },

    async pendingPurges(limit) {
      // Deleted accounts are few: the scan of users runs once a night.
      const rows = await database.query<{ id: number }>(
        `SELECT id FROM users WHERE deleted_at IS NOT NULL AND email LIKE 'purge-pending:%'
          ORDER BY deleted_at LIMIT $1`,
        [limit],
      );
      return rows.map((r) => Number(r.id));
    },

    async purgePending(userId) {
      const rows = await database.query(
        'SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NOT NULL AND email = $2',
        [userId, tombstone.pendingEmail(userId)],
      );
      return rows.length > 0;
    },

    async videos(userId, afterId, limit) {
      const rows = await database.query<{ id: number; source: string | null; pool: boolean }>(
        `SELECT id, media->>'source' AS source, media ? 'pool' AS pool
           FROM videos WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
        [userId, afterId, limit],
      );
      return rows.map((r) => ({ id: Number(r.id), source: r.source, pool: r.pool === true }));
    },

    async dropVideos(userId, ids) {
      if (ids.length === 0) return;
      await database.transaction(async (tx) => {
        // Records the law or other people's rights keep name these: their row stays, empty.
        const kept = await tx.query<{ id: number }>(
          `SELECT v.id FROM videos v
            WHERE v.id = ANY($1::int[]) AND v.user_id = $2 AND (
                  EXISTS (SELECT 1 FROM takedowns t
                           WHERE t.object_type = 'video' AND t.object_id = v.id)
               OR EXISTS (SELECT 1 FROM dmca_items d WHERE d.video_id = v.id)
               OR EXISTS (SELECT 1 FROM performer_records r WHERE r.video_id = v.id)
               OR v.media ? 'pool')`,
          [ids, userId],
        );
        const keep = kept.map((r) => Number(r.id));
        const drop = ids.filter((id) => !keep.includes(id));
        await deleteComments(tx, 'video', ids);
        await dropFromPlaylists(tx, ids);
        for (const table of MEMBER_VIDEO_LISTS) {
          await tx.query(dropFromListSql(table), [ids]);
        }
        if (keep.length > 0) {
          await tx.query('DELETE FROM video_categories WHERE video_id = ANY($1::int[])', [keep]);
          await tx.query('DELETE FROM video_tags WHERE video_id = ANY($1::int[])', [keep]);
          await tx.query('DELETE FROM video_models WHERE video_id = ANY($1::int[])', [keep]);
          await tx.query(
            `UPDATE videos SET title = '', description = '', dir = 'deleted-' || id,
                    media = CASE WHEN media ? 'pool' THEN media ELSE '{}'::jsonb END,
                    status_id = $2, search_vector = NULL, country = NULL, ex_tube = NULL,
                    ex_id = NULL, views = 0, views_day = 0, views_week = 0, views_month = 0,
                    likes = 0, dislikes = 0, comments_count = 0, favourites_count = 0,
                    updated_at = now()
              WHERE id = ANY($1::int[]) AND NOT media ? 'pool'`,
            [keep, VIDEO_STATUS.deleted],
          );
        }
        if (drop.length > 0) {
          await tx.query('DELETE FROM videos WHERE id = ANY($1::int[]) AND user_id = $2', [
            drop,
            userId,
          ]);
        }
      });
    },

    async albums(userId) {
      const rows = await database.query<{ id: number }>(
        'SELECT id FROM albums WHERE user_id = $1 ORDER BY id',
        [userId],
      );
      return rows.map((r) => Number(r.id));
    },

    async dropAlbums(userId, ids) {
      if (ids.length === 0) return;
      // Not album-edit.repository's `remove`: that is another domain's repository, opens its
      // own transaction per album and finds active albums only (these are deleted, status 5).
      await database.transaction(async (tx) => {
        await deleteComments(tx, 'album', ids);
        await tx.query('DELETE FROM albums WHERE id = ANY($1::int[]) AND user_id = $2', [
          ids,
          userId,
        ]);
      });
    },

    async ageEvidence(userId) {
      const rows = await database.query<{ evidence_path: string }>(
        'SELECT evidence_path FROM age_checks WHERE user_id = $1 AND evidence_path IS NOT NULL',
        [userId],
      );
      return rows.map((r) => r.evidence_path);
    },

    async finish(userId, audit) {
      await database.transaction(async (tx) => {
        const votes = await tx.query<{ section: string; object_id: number; vote: number }>(
          PURGE_MEMBER_VOTES_SQL,
          [userId],
        );
        for (const [section, table] of [
          ['video', 'videos'],
          ['album', 'albums'],
        ] as const) {
          const mine = votes.filter((v) => v.section === section);
          if (mine.length === 0) continue;
          await tx.query(
            `UPDATE ${table} o SET likes = GREATEST(0, o.likes - c.up),
                    dislikes = GREATEST(0, o.dislikes - c.down)
               FROM (SELECT id, count(*) FILTER (WHERE vote = 1)::int AS up,
                            count(*) FILTER (WHERE vote = 0)::int AS down
                       FROM unnest($1::int[], $2::int[]) AS t(id, vote) GROUP BY id) c
              WHERE o.id = c.id`,
            [mine.map((v) => Number(v.object_id)), mine.map((v) => Number(v.vote))],
          );
        }
        const favourites = await tx.query<{ video_id: number }>(
          'DELETE FROM favourites WHERE user_id = $1 RETURNING video_id',
          [userId],
        );
        if (favourites.length > 0) {
          await tx.query(
            `UPDATE videos SET favourites_count = GREATEST(0, favourites_count - 1)
              WHERE id = ANY($1::int[])`,
            [favourites.map((f) => Number(f.video_id))],
          );
        }
        await tx.query('DELETE FROM watch_later WHERE user_id = $1', [userId]);
        await tx.query('DELETE FROM history WHERE user_id = $1', [userId]);
        const subscriptions = await tx.query<{ target: string; target_id: number }>(
          'DELETE FROM subscriptions WHERE user_id = $1 RETURNING target, target_id',
          [userId],
        );
        for (const [target, table] of [
          ['channel', 'channels'],
          ['model', 'models'],
          ['member', 'users'],
        ] as const) {
          const ids = subscriptions.filter((s) => s.target === target).map((s) => s.target_id);
          if (ids.length === 0) continue;
          await tx.query(
            `UPDATE ${table} SET subscribers_count = GREATEST(0, subscribers_count - 1)
              WHERE id = ANY($1::int[])`,
            [ids.map(Number)],
          );
        }
        await tx.query("DELETE FROM subscriptions WHERE target = 'member' AND target_id = $1", [
          userId,
        ]);
        await tx.query('DELETE FROM friends WHERE user_id = $1', [userId]);
        await tx.query('DELETE FROM friends WHERE friend_id = $1', [userId]);
        // Both sides of every conversation go (decision 0057): they are the member's mail.
        await tx.query('DELETE FROM messages WHERE from_user_id = $1', [userId]);
        await tx.query('DELETE FROM messages WHERE to_user_id = $1', [userId]);
        // Playlists, comments and wall posts made since `retire` (none should be: no session).
        await tx.query('DELETE FROM playlists WHERE user_id = $1', [userId]);
        await tx.query('DELETE FROM comments WHERE user_id = $1', [userId]);
        await tx.query('DELETE FROM wall_posts WHERE author_id = $1 OR owner_id = $1', [userId]);
        await tx.query('DELETE FROM age_checks WHERE user_id = $1', [userId]);
        // Kept for the law and other people's claims, minimised: what the member wrote in an
        // appeal goes; the decision and its reason stay with the account's id.
        await tx.query(
          `UPDATE moderation_statements SET appeal_text = NULL
            WHERE user_id = $1 AND appeal_text IS NOT NULL`,
          [userId],
        );
        // Reports the member sent stay for the objects they were about, without the sender.
        await tx.query(
          `UPDATE reports SET reporter_id = NULL, email = '', ip = '', user_agent = ''
            WHERE reporter_id = $1`,
          [userId],
        );
        await tx.query(
          `UPDATE users SET email = $2, videos_count = 0, subscribers_count = 0,
                  profile_views = 0, avatar_version = 0, cover_version = 0, lang = 'en',
                  updated_at = now()
            WHERE id = $1 AND deleted_at IS NOT NULL`,
          [userId, tombstone.purgedEmail(userId)],
        );
        await appendAudit(tx, audit);
      });
    },
  };
}
