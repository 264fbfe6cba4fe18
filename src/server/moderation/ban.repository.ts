import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { moveCommentCounters, moveVideoCounters, videoCountsOnLinks } from '../../db/counters.ts';
import { videoListedSql } from '../kernel/access/visibility.ts';

// Bans (issue 16, decision 0048), as steps inside a caller's transaction: a staff member's
// ban, or the one the strikes make at STRIKES_TO_BAN (people-strikes.ts). A ban sets the
// member's status to 2 (sign-in refused with `account_banned`, profile missing), ends their
// sessions and reset links, and writes the statement of reasons. With `hideContent` their
// videos, albums, playlists, comments and wall posts are taken down with it: one takedowns
// row each carrying the ban's id, so lifting the ban restores exactly what it hid (an object
// already taken down on its own keeps its own takedown and stays down).

type Tx = Pick<Database, 'query'>;

export interface MemberTarget {
  id: number;
  username: string;
  role: number;
  status: number;
}

/** The member, locked for the act; undefined when there is none. */
export async function lockMember(tx: Tx, userId: number): Promise<MemberTarget | undefined> {
  const [row] = await tx.query<MemberTarget>(
    'SELECT id, username, role, status FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  return row && { ...row, id: Number(row.id), role: Number(row.role), status: Number(row.status) };
}

export async function banInForce(tx: Tx, userId: number): Promise<number | undefined> {
  const [row] = await tx.query<{ id: number }>(
    'SELECT id FROM bans WHERE user_id = $1 AND lifted_at IS NULL',
    [userId],
  );
  return row ? Number(row.id) : undefined;
}

/** What a ban took down, or what lifting it brought back. */
export interface ContentMoved {
  videos: number[];
  albums: number[];
  playlists: number;
  comments: number;
  wallPosts: number;
}

export const movedCount = (moved: ContentMoved) =>
  moved.videos.length + moved.albums.length + moved.playlists + moved.comments + moved.wallPosts;

const NOTHING: ContentMoved = { videos: [], albums: [], playlists: 0, comments: 0, wallPosts: 0 };

export interface BanInput {
  userId: number;
  reason: string;
  note: string;
  hideContent: boolean;
  /** Null for the strikes' ban. */
  staffId: number | null;
}

interface VideoRow {
  id: number;
  user_id: number;
  gender: 'str' | 'she' | 'gay';
  status_id: number;
  listed: boolean;
  counted: string | null;
}

async function hideContent(tx: Tx, banId: number, input: BanInput): Promise<ContentMoved> {
  const takedown = (objectType: string, ids: number[], previous: unknown[]) =>
    tx.query<{ object_id: number }>(
      `INSERT INTO takedowns (object_type, object_id, reason, note, staff_id, previous, ban_id)
       SELECT $1, t.id, $2, $3, $4, t.previous, $5
         FROM unnest($6::int[], $7::jsonb[]) AS t(id, previous)
       ON CONFLICT (object_type, object_id) WHERE restored_at IS NULL DO NOTHING
       RETURNING object_id`,
      [
        objectType,
        input.reason,
        input.note,
        input.staffId,
        banId,
        ids,
        previous.map((p) => JSON.stringify(p)),
      ],
    );
  const taken = (rows: { object_id: number }[]) => rows.map((r) => Number(r.object_id));

  const videos = await tx.query<VideoRow>(
    `SELECT id, user_id, gender, status_id, ${videoListedSql()} AS listed,
            media->>'counted' AS counted
       FROM videos
      WHERE user_id = $1 AND status_id NOT IN ($2, $3) AND NOT media ? 'pool'
      ORDER BY id FOR UPDATE`,
    [input.userId, VIDEO_STATUS.deleted, VIDEO_STATUS.removed],
  );
  const videoIds = taken(
    await takedown(
      'video',
      videos.map((v) => Number(v.id)),
      videos.map((v) => ({ status_id: Number(v.status_id) })),
    ),
  );
  if (videoIds.length > 0) {
    await tx.query(
      'UPDATE videos SET status_id = $2, updated_at = now() WHERE id = ANY($1::int[])',
      [videoIds, VIDEO_STATUS.removed],
    );
  }
  for (const video of videos) {
    if (videoIds.includes(Number(video.id)) && videoCountsOnLinks(video)) {
      await moveVideoCounters(
        tx,
        { id: Number(video.id), user_id: Number(video.user_id), gender: video.gender },
        -1,
      );
    }
  }

  const albums = await tx.query<{ id: number; status_id: number }>(
    'SELECT id, status_id FROM albums WHERE user_id = $1 AND status_id NOT IN (5, 8) FOR UPDATE',
    [input.userId],
  );
  const albumIds = taken(
    await takedown(
      'album',
      albums.map((a) => Number(a.id)),
      albums.map((a) => ({ status_id: Number(a.status_id) })),
    ),
  );
  if (albumIds.length > 0) {
    await tx.query(
      'UPDATE albums SET status_id = 8, updated_at = now() WHERE id = ANY($1::int[])',
      [albumIds],
    );
  }

  const playlists = await tx.query<{ id: number }>(
    // Active (1) or taken down (8): only the active ones go with the ban.
    'SELECT id FROM playlists WHERE user_id = $1 AND status_id <> 8 FOR UPDATE',
    [input.userId],
  );
  const playlistIds = taken(
    await takedown(
      'playlist',
      playlists.map((p) => Number(p.id)),
      playlists.map(() => ({ status_id: 1 })),
    ),
  );
  if (playlistIds.length > 0) {
    await tx.query(
      'UPDATE playlists SET status_id = 8, updated_at = now() WHERE id = ANY($1::int[])',
      [playlistIds],
    );
  }

  const comments = await tx.query<{ id: number }>(
    'SELECT id FROM comments WHERE user_id = $1 AND status = 1 FOR UPDATE',
    [input.userId],
  );
  const commentIds = taken(
    await takedown(
      'comment',
      comments.map((c) => Number(c.id)),
      comments.map(() => ({ status: 1 })),
    ),
  );
  if (commentIds.length > 0) {
    await tx.query('UPDATE comments SET status = 8 WHERE id = ANY($1::int[])', [commentIds]);
    await moveCommentCounters(tx, commentIds, -1);
  }

  const posts = await tx.query<{ id: number }>(
    'SELECT id FROM wall_posts WHERE author_id = $1 AND status = 1 FOR UPDATE',
    [input.userId],
  );
  const postIds = taken(
    await takedown(
      'wall_post',
      posts.map((p) => Number(p.id)),
      posts.map(() => ({ status: 1 })),
    ),
  );
  if (postIds.length > 0) {
    await tx.query('UPDATE wall_posts SET status = 8 WHERE id = ANY($1::int[])', [postIds]);
  }

  return {
    videos: videoIds,
    albums: albumIds,
    playlists: playlistIds.length,
    comments: commentIds.length,
    wallPosts: postIds.length,
  };
}

/**
 * Bans a member (the caller checked who may, and locked the member with `lockMember`).
 * `already` when a ban is in force.
 */
export async function banMember(
  tx: Tx,
  input: BanInput,
): Promise<
  | { outcome: 'done'; banId: number; statementId: number; hidden: ContentMoved; before: number }
  | { outcome: 'already' }
> {
  if ((await banInForce(tx, input.userId)) !== undefined) return { outcome: 'already' };
  const [user] = await tx.query<{ status: number }>('SELECT status FROM users WHERE id = $1', [
    input.userId,
  ]);
  const [ban] = await tx.query<{ id: number }>(
    `INSERT INTO bans (user_id, reason, note, hide_content, staff_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.userId, input.reason, input.note, input.hideContent, input.staffId],
  );
  const banId = Number(ban?.id);
  await tx.query('UPDATE users SET status = 2, updated_at = now() WHERE id = $1', [input.userId]);
  // Signed out everywhere at once, and no reset link mailed before the ban opens the door.
  await tx.query('DELETE FROM sessions WHERE user_id = $1', [input.userId]);
  await tx.query("DELETE FROM account_tokens WHERE user_id = $1 AND purpose = 'reset'", [
    input.userId,
  ]);
  const [statement] = await tx.query<{ id: number }>(
    `INSERT INTO moderation_statements (user_id, object_type, object_id, decision, reason, note,
                                        decided_by)
     VALUES ($1, 'member', $1, 'banned', $2, $3, $4) RETURNING id`,
    [input.userId, input.reason, input.note, input.staffId],
  );
  const hidden = input.hideContent ? await hideContent(tx, banId, input) : NOTHING;
  return {
    outcome: 'done',
    banId,
    statementId: Number(statement?.id),
    hidden,
    before: Number(user?.status ?? 1),
  };
}

/**
 * Lifts the ban in force: the member is active again and what the ban took down (and no one
 * restored meanwhile) comes back. Undefined when no ban is in force.
 */
export async function liftBan(
  tx: Tx,
  lift: { userId: number; staffId: number; note: string },
): Promise<{ banId: number; restored: ContentMoved } | undefined> {
  const [ban] = await tx.query<{ id: number }>(
    `UPDATE bans SET lifted_at = now(), lifted_by = $2, lift_note = $3
      WHERE user_id = $1 AND lifted_at IS NULL RETURNING id`,
    [lift.userId, lift.staffId, lift.note],
  );
  if (!ban) return undefined;
  const banId = Number(ban.id);
  // A member who deleted their account (decision 0057) stays gone.
  await tx.query(
    `UPDATE users SET status = 1, updated_at = now()
      WHERE id = $1 AND status = 2 AND deleted_at IS NULL`,
    [lift.userId],
  );
  const rows = await tx.query<{
    object_type: string;
    object_id: number;
    previous: { status_id?: number };
  }>(
    `UPDATE takedowns SET restored_at = now(), restored_by = $2, restore_note = $3
      WHERE ban_id = $1 AND restored_at IS NULL
      RETURNING object_type, object_id, previous`,
    [banId, lift.staffId, lift.note || 'ban lifted'],
  );
  const ids = (type: string) =>
    rows.filter((r) => r.object_type === type).map((r) => Number(r.object_id));

  const videos: number[] = [];
  for (const row of rows.filter((r) => r.object_type === 'video')) {
    const id = Number(row.object_id);
    const previous = Number(row.previous.status_id ?? VIDEO_STATUS.active);
    const [video] = await tx.query<VideoRow>(
      `UPDATE videos SET status_id = $2, updated_at = now() WHERE id = $1 AND status_id = $3
       RETURNING id, user_id, gender, status_id, ${videoListedSql()} AS listed,
                 media->>'counted' AS counted`,
      [id, previous, VIDEO_STATUS.removed],
    );
    if (!video) continue;
    videos.push(id);
    if (videoCountsOnLinks(video)) {
      await moveVideoCounters(tx, { id, user_id: Number(video.user_id), gender: video.gender }, 1);
    }
  }

  const albums: number[] = [];
  for (const row of rows.filter((r) => r.object_type === 'album')) {
    const back = await tx.query(
      'UPDATE albums SET status_id = $2, updated_at = now() WHERE id = $1 AND status_id = 8 RETURNING 1',
      [Number(row.object_id), Number(row.previous.status_id ?? 1)],
    );
    if (back.length > 0) albums.push(Number(row.object_id));
  }

  const playlists = await tx.query(
    `UPDATE playlists SET status_id = $2, updated_at = now()
      WHERE id = ANY($1::int[]) AND status_id = 8 RETURNING 1`,
    [ids('playlist'), 1],
  );
  const comments = await tx.query<{ id: number }>(
    'UPDATE comments SET status = 1 WHERE id = ANY($1::int[]) AND status = 8 RETURNING id',
    [ids('comment')],
  );
  await moveCommentCounters(
    tx,
    comments.map((c) => Number(c.id)),
    1,
  );
  const posts = await tx.query(
    'UPDATE wall_posts SET status = 1 WHERE id = ANY($1::int[]) AND status = 8 RETURNING 1',
    [ids('wall_post')],
  );
  return {
    banId,
    restored: {
      videos,
      albums,
      playlists: playlists.length,
      comments: comments.length,
      wallPosts: posts.length,
    },
  };
}
