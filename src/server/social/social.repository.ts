import type { RelationType } from '../../contracts/social.schema.ts';
import type { Database } from '../../db/client.ts';

// Hand-written SQL of what members see of each other privately: whether they subscribe or
// are friends, waiting friend requests, and messages. Every query names the signed-in member
// in its WHERE, so no member can read another's requests or conversations.

export interface MemberRow {
  user_id: number;
  username: string;
  avatar_version: number;
}

export interface FriendRequestRow extends MemberRow {
  created_at: Date | string;
}

export interface MessageRow {
  id: number;
  from_user_id: number;
  to_user_id: number;
  body: string;
  read_at: Date | string | null;
  created_at: Date | string;
}

export interface ConversationRow extends MessageRow {
  other: number;
  username: string;
  avatar_version: number;
  unread: number | string;
}

const REQUESTS_SHOWN = 100;

export function createSocialRepository(database: Database) {
  return {
    async relation(userId: number, type: RelationType, objectId: number) {
      const [subscribed] = await database.query(
        'SELECT 1 FROM subscriptions WHERE user_id = $1 AND target = $2 AND target_id = $3',
        [userId, type, objectId],
      );
      const friends =
        type === 'member'
          ? await database.query<{ user_id: number; status: number }>(
              `SELECT user_id, status FROM friends
                WHERE (user_id = $1 AND friend_id = $2) OR (user_id = $2 AND friend_id = $1)`,
              [userId, objectId],
            )
          : [];
      return {
        subscribed: subscribed !== undefined,
        friends: friends.map((row) => ({ from: Number(row.user_id), status: Number(row.status) })),
      };
    },

    /** Requests waiting for the member (incoming) and the member's own (outgoing). */
    async friendRequests(userId: number) {
      const list = (join: 'user_id' | 'friend_id', where: 'user_id' | 'friend_id') =>
        database.query<FriendRequestRow>(
          `SELECT u.id AS user_id, u.username, u.avatar_version, f.created_at
             FROM friends f JOIN users u ON u.id = f.${join}
            WHERE f.${where} = $1 AND f.status = 0 AND u.status = 1
            ORDER BY f.created_at DESC LIMIT ${REQUESTS_SHOWN}`,
          [userId],
        );
      return {
        incoming: await list('user_id', 'friend_id'),
        outgoing: await list('friend_id', 'user_id'),
      };
    },

    /** The recipient when they can receive messages (an active member). */
    async activeMember(userId: number): Promise<MemberRow | undefined> {
      const [row] = await database.query<MemberRow>(
        'SELECT id AS user_id, username, avatar_version FROM users WHERE id = $1 AND status = 1',
        [userId],
      );
      return row;
    },

    async sendMessage(fromId: number, toId: number, body: string): Promise<MessageRow> {
      const [row] = await database.query<MessageRow>(
        `INSERT INTO messages (from_user_id, to_user_id, body) VALUES ($1, $2, $3)
         RETURNING id, from_user_id, to_user_id, body, read_at, created_at`,
        [fromId, toId, body],
      );
      if (!row) throw new Error('message insert returned no row');
      return row;
    },

    /**
     * The member's conversations, newest first: the last message with each other member and
     * how many of theirs are unread. `limit + 1` rows tell whether a next page exists.
     */
    async conversations(userId: number, limit: number, offset: number) {
      return database.query<ConversationRow>(
        `WITH mine AS (
           SELECT id, from_user_id, to_user_id, body, read_at, created_at, to_user_id AS other
             FROM messages WHERE from_user_id = $1
           UNION ALL
           SELECT id, from_user_id, to_user_id, body, read_at, created_at, from_user_id AS other
             FROM messages WHERE to_user_id = $1 AND from_user_id <> $1
         ), latest AS (
           SELECT DISTINCT ON (other) * FROM mine ORDER BY other, created_at DESC, id DESC
         )
         SELECT l.*, u.username, u.avatar_version,
                (SELECT count(*) FROM messages m
                  WHERE m.to_user_id = $1 AND m.from_user_id = l.other AND m.read_at IS NULL
                ) AS unread
           FROM latest l JOIN users u ON u.id = l.other
          ORDER BY l.created_at DESC, l.id DESC
          LIMIT $2 OFFSET $3`,
        [userId, limit + 1, offset],
      );
    },

    /** Messages between the two members, newest first; `limit + 1` rows as above. */
    async thread(userId: number, otherId: number, limit: number, offset: number) {
      return database.query<MessageRow>(
        `SELECT id, from_user_id, to_user_id, body, read_at, created_at FROM messages
          WHERE (from_user_id = $1 AND to_user_id = $2) OR (from_user_id = $2 AND to_user_id = $1)
          ORDER BY created_at DESC, id DESC
          LIMIT $3 OFFSET $4`,
        [userId, otherId, limit + 1, offset],
      );
    },

    /** Marks the other member's messages to this member read; how many were unread. */
    async markRead(userId: number, otherId: number): Promise<number> {
      const rows = await database.query(
        `UPDATE messages SET read_at = now()
          WHERE to_user_id = $1 AND from_user_id = $2 AND read_at IS NULL RETURNING 1`,
        [userId, otherId],
      );
      return rows.length;
    },

    /** Unread messages of the member, counted up to `cap` (the header shows "99+"). */
    async unreadCount(userId: number, cap: number): Promise<number> {
      const [row] = await database.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM (
           SELECT 1 FROM messages WHERE to_user_id = $1 AND read_at IS NULL LIMIT $2) capped`,
        [userId, cap],
      );
      return Number(row?.n ?? 0);
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
