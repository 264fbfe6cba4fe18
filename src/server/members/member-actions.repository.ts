import type { PlaylistFields, SubscriptionType } from '../../contracts/input.rules.ts';
import type { CommentSection } from '../../contracts/members.schema.ts';
import type { Database } from '../../db/client.ts';
import { refreshPlaylistTops } from '../../db/counters.ts';
import type { OwnerFilter } from '../kernel/access/policy.ts';
import { activeSql, COMMENT_WRITE_TARGET, playlistLiveSql } from '../kernel/access/visibility.ts';

// Hand-written SQL of what members change: favourites, watch later, playlists,
// subscriptions, friends and comments. Every change moves its denormalised counter in the same
// transaction (the nightly maintenance only reconciles drift). Who may change a playlist is
// the access policy's question, asked by the service; the playlist changes here take the
// owner it allowed as an explicit filter (`ownerId`, none for staff holding `any`).

export type Outcome = 'done' | 'already' | 'not_found';
/** `sent`: a request now waits for the other member; `friends`: their request was accepted. */
export type FriendOutcome = 'sent' | 'friends' | 'already' | 'not_found';

type Tx = Pick<Database, 'query'>;

/** A video a member may put on a list: exists and is active. */
const ACTIVE_VIDEO = `SELECT 1 FROM videos WHERE id = $1 AND ${activeSql()}`;

const SUBSCRIPTION_TARGET: Record<SubscriptionType, { table: string; live: string }> = {
  channel: { table: 'channels', live: 'true' },
  model: { table: 'models', live: 'true' },
  member: { table: 'users', live: 'status = 1' },
};

/** Tables whose rows count their comments. */
const COMMENT_COUNTERS: Partial<Record<CommentSection, string>> = {
  video: 'videos',
  album: 'albums',
};

async function exists(tx: Tx, text: string, params: unknown[]): Promise<boolean> {
  return (await tx.query(text, params)).length > 0;
}

/**
 * The playlist, locked for the transaction, if it is there and within the filter; with
 * `live`, not if it is taken down (nothing is added to it or changed: decision 0047).
 */
async function lockPlaylist(
  tx: Tx,
  playlistId: number,
  filter: OwnerFilter,
  live = false,
): Promise<boolean> {
  const status = live ? ` AND ${playlistLiveSql()}` : '';
  const rows =
    filter.ownerId === undefined
      ? await tx.query(`SELECT 1 FROM playlists WHERE id = $1${status} FOR UPDATE`, [playlistId])
      : await tx.query(
          `SELECT 1 FROM playlists WHERE id = $1 AND user_id = $2${status} FOR UPDATE`,
          [playlistId, filter.ownerId],
        );
  return rows.length > 0;
}

export interface CommentRow {
  id: number;
  created_at: Date | string;
}

export function createMemberActionsRepository(database: Database) {
  return {
    /** The owner of a playlist; undefined when there is none. */
    async playlistOwner(playlistId: number): Promise<number | undefined> {
      const [row] = await database.query<{ user_id: number }>(
        'SELECT user_id FROM playlists WHERE id = $1',
        [playlistId],
      );
      return row ? Number(row.user_id) : undefined;
    },

    async addToList(list: 'favourites' | 'watch_later', userId: number, videoId: number) {
      return database.transaction(async (tx): Promise<Outcome> => {
        if (!(await exists(tx, ACTIVE_VIDEO, [videoId]))) return 'not_found';
        const added = await tx.query(
          `INSERT INTO ${list} (user_id, video_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
          [userId, videoId],
        );
        if (added.length === 0) return 'already';
        if (list === 'favourites') {
          await tx.query(
            'UPDATE videos SET favourites_count = favourites_count + 1 WHERE id = $1',
            [videoId],
          );
        }
        return 'done';
      });
    },

    async removeFromList(list: 'favourites' | 'watch_later', userId: number, videoId: number) {
      return database.transaction(async (tx): Promise<Outcome> => {
        const removed = await tx.query(
          `DELETE FROM ${list} WHERE user_id = $1 AND video_id = $2 RETURNING 1`,
          [userId, videoId],
        );
        if (removed.length === 0) return 'not_found';
        if (list === 'favourites') {
          await tx.query(
            'UPDATE videos SET favourites_count = greatest(favourites_count - 1, 0) WHERE id = $1',
            [videoId],
          );
        }
        return 'done';
      });
    },

    /** How many of the ids are categories. */
    async countCategories(ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await database.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM categories WHERE id = ANY($1::int[])',
        [ids],
      );
      return Number(row?.n ?? 0);
    },

    async createPlaylist(userId: number, fields: PlaylistFields, videoId?: number) {
      return database.transaction(async (tx) => {
        if (videoId !== undefined && !(await exists(tx, ACTIVE_VIDEO, [videoId]))) {
          return { outcome: 'not_found' as const };
        }
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO playlists (user_id, title, description, is_private, orientation, category_ids)
           VALUES ($1, $2, $3, $4, $5, $6::int[]) RETURNING id`,
          [
            userId,
            fields.title,
            fields.desc,
            fields.visible === 1 ? 0 : 1,
            fields.orientation,
            fields.categories,
          ],
        );
        const id = Number(row?.id);
        if (videoId !== undefined) {
          await tx.query(
            'INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES ($1, $2, 1)',
            [id, videoId],
          );
          await refreshPlaylistTops(tx, [id]);
        }
        return { outcome: 'done' as const, id };
      });
    },

    async updatePlaylist(playlistId: number, fields: PlaylistFields, filter: OwnerFilter) {
      return database.transaction(async (tx): Promise<Outcome> => {
        if (!(await lockPlaylist(tx, playlistId, filter, true))) return 'not_found';
        await tx.query(
          `UPDATE playlists SET title = $2, description = $3, is_private = $4, orientation = $5,
                  category_ids = $6::int[], updated_at = now()
            WHERE id = $1`,
          [
            playlistId,
            fields.title,
            fields.desc,
            fields.visible === 1 ? 0 : 1,
            fields.orientation,
            fields.categories,
          ],
        );
        return 'done';
      });
    },

    async deletePlaylist(playlistId: number, filter: OwnerFilter) {
      return database.transaction(async (tx): Promise<Outcome> => {
        if (!(await lockPlaylist(tx, playlistId, filter))) return 'not_found';
        await tx.query("DELETE FROM comments WHERE section = 'playlist' AND object_id = $1", [
          playlistId,
        ]);
        await tx.query('DELETE FROM playlists WHERE id = $1', [playlistId]);
        return 'done';
      });
    },

    async playlistAdd(playlistId: number, videoId: number, filter: OwnerFilter) {
      return database.transaction(async (tx): Promise<Outcome> => {
        if (!(await lockPlaylist(tx, playlistId, filter, true))) return 'not_found';
        if (!(await exists(tx, ACTIVE_VIDEO, [videoId]))) return 'not_found';
        const added = await tx.query(
          `INSERT INTO playlist_videos (playlist_id, video_id, position)
           SELECT $1, $2, coalesce(max(position), 0) + 1 FROM playlist_videos WHERE playlist_id = $1
           ON CONFLICT DO NOTHING RETURNING 1`,
          [playlistId, videoId],
        );
        if (added.length === 0) return 'already';
        await refreshPlaylistTops(tx, [playlistId]);
        return 'done';
      });
    },

    async playlistRemove(playlistId: number, videoId: number, filter: OwnerFilter) {
      return database.transaction(async (tx): Promise<Outcome> => {
        if (!(await lockPlaylist(tx, playlistId, filter))) return 'not_found';
        const removed = await tx.query(
          'DELETE FROM playlist_videos WHERE playlist_id = $1 AND video_id = $2 RETURNING 1',
          [playlistId, videoId],
        );
        if (removed.length === 0) return 'not_found';
        await refreshPlaylistTops(tx, [playlistId]);
        return 'done';
      });
    },

    /** Subscribes; the target's subscriber count afterwards (undefined: not found). */
    async subscribe(userId: number, type: SubscriptionType, objectId: number, on: boolean) {
      const { table, live } = SUBSCRIPTION_TARGET[type];
      return database.transaction(async (tx) => {
        if (!(await exists(tx, `SELECT 1 FROM ${table} WHERE id = $1 AND ${live}`, [objectId]))) {
          return { outcome: 'not_found' as Outcome, subscribers: 0 };
        }
        const changed = on
          ? await tx.query(
              `INSERT INTO subscriptions (user_id, target, target_id) VALUES ($1, $2, $3)
               ON CONFLICT DO NOTHING RETURNING 1`,
              [userId, type, objectId],
            )
          : await tx.query(
              'DELETE FROM subscriptions WHERE user_id = $1 AND target = $2 AND target_id = $3 RETURNING 1',
              [userId, type, objectId],
            );
        const [row] =
          changed.length > 0
            ? await tx.query<{ n: number }>(
                `UPDATE ${table} SET subscribers_count = greatest(subscribers_count + $2::int, 0)
                  WHERE id = $1 RETURNING subscribers_count AS n`,
                [objectId, on ? 1 : -1],
              )
            : await tx.query<{ n: number }>(
                `SELECT subscribers_count AS n FROM ${table} WHERE id = $1`,
                [objectId],
              );
        const outcome: Outcome = changed.length > 0 ? 'done' : on ? 'already' : 'not_found';
        return { outcome, subscribers: Number(row?.n ?? 0) };
      });
    },

    /**
     * Asks another member for friendship, or accepts their waiting request: a request is one
     * row (user_id asked friend_id, status 0); a friendship is a row each way with status 1.
     */
    async befriend(userId: number, otherId: number) {
      return database.transaction(async (tx): Promise<FriendOutcome> => {
        // Both members' rows locked in id order: two members asking each other at once
        // end as friends, not as two crossed requests.
        const members = await tx.query<{ id: number; status: number }>(
          'SELECT id, status FROM users WHERE id IN ($1, $2) ORDER BY id FOR UPDATE',
          [userId, otherId],
        );
        const other = members.find((row) => Number(row.id) === otherId);
        if (!other || Number(other.status) !== 1) return 'not_found';
        const rows = await tx.query<{ user_id: number; status: number }>(
          `SELECT user_id, status FROM friends
            WHERE (user_id = $1 AND friend_id = $2) OR (user_id = $2 AND friend_id = $1)`,
          [userId, otherId],
        );
        if (rows.some((row) => Number(row.user_id) === userId)) return 'already';
        if (rows.some((row) => Number(row.user_id) === otherId && Number(row.status) === 0)) {
          await tx.query('UPDATE friends SET status = 1 WHERE user_id = $2 AND friend_id = $1', [
            userId,
            otherId,
          ]);
          await tx.query(
            'INSERT INTO friends (user_id, friend_id, status) VALUES ($1, $2, 1) ON CONFLICT DO NOTHING',
            [userId, otherId],
          );
          return 'friends';
        }
        const inserted = await tx.query(
          `INSERT INTO friends (user_id, friend_id, status) VALUES ($1, $2, 0)
           ON CONFLICT DO NOTHING RETURNING 1`,
          [userId, otherId],
        );
        return inserted.length > 0 ? 'sent' : 'already';
      });
    },

    /** Ends a friendship, cancels this member's request or declines the other's. */
    async unfriend(userId: number, otherId: number): Promise<Outcome> {
      const removed = await database.query(
        `DELETE FROM friends
          WHERE (user_id = $1 AND friend_id = $2) OR (user_id = $2 AND friend_id = $1)
          RETURNING 1`,
        [userId, otherId],
      );
      return removed.length > 0 ? 'done' : 'not_found';
    },

    /** A comment, or a post on a member's wall; undefined when the object is not there. */
    async addComment(
      section: CommentSection,
      objectId: number,
      userId: number,
      body: string,
    ): Promise<CommentRow | undefined> {
      return database.transaction(async (tx) => {
        if (section === 'member') {
          if (!(await exists(tx, COMMENT_WRITE_TARGET.member, [objectId]))) return undefined;
          const [row] = await tx.query<CommentRow>(
            `INSERT INTO wall_posts (owner_id, author_id, body) VALUES ($1, $2, $3)
             RETURNING id, created_at`,
            [objectId, userId, body],
          );
          return row;
        }
        const target = COMMENT_WRITE_TARGET[section];
        const params = section === 'playlist' ? [objectId, userId] : [objectId];
        if (!(await exists(tx, target, params))) return undefined;
        const [row] = await tx.query<CommentRow>(
          `INSERT INTO comments (section, object_id, user_id, body) VALUES ($1, $2, $3, $4)
           RETURNING id, created_at`,
          [section, objectId, userId, body],
        );
        const counter = COMMENT_COUNTERS[section];
        if (counter) {
          await tx.query(
            `UPDATE ${counter} SET comments_count = comments_count + 1 WHERE id = $1`,
            [objectId],
          );
        }
        return row;
      });
    },
  };
}

export type MemberActionsRepository = ReturnType<typeof createMemberActionsRepository>;
