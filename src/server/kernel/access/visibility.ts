import { VIDEO_STATUS } from '../../../contracts/constants.ts';
import type { CommentSection } from '../../../contracts/members.schema.ts';
import { ACTIVE_STATUS } from '../db/active-status.ts';
import { can } from './policy.ts';
import type { Viewer } from './viewer.ts';

// What is visible to whom (issue 15, docs/decisions/0039), written once. The SQL builders
// return WHERE fragments with explicit inputs (the table's alias, a bind placeholder for the
// viewer, whether the viewer's role sees everything); the row checks answer the same for a
// row already read. The fragments keep the exact shape the partial indexes are written for
// (`status_id = 1`, `is_private = 0 AND videos_count > 0`), so the planner still uses them.
//
// Videos (SPEC.md §3-4, VIDEO_STATUS):
//   active   status 1: takes comments, votes, views and list adds (decision 0026);
//   listed   active and posted (a future post date is scheduled): every listing; a private
//            one is listed with a mark and plays for members only;
//   public   listed and not private: what goes to search engines and partners;
//   opened   not deleted (5): its page answers, its comments are read; a disabled or
//            processing one shows as unavailable, deleted ones are missing;
//   moderated waiting for review (6) or rejected (7): no public page, file or listing
//            at all (decision 0043); its owner follows it on their upload pages, staff in
//            the console.
// Albums share the status ids; a private album is listed to its owner only and shows its
// photos to members. A private playlist is its owner's alone; staff with
// `read:playlist:any` / `read:album:any` may open private ones for review. Taken down
// (decision 0047): a playlist or album (status 8) is in no listing, shows no contents and
// takes no comment; its page names the reason; staff still open a playlist's contents. A
// removed comment (status 8) is in no list and no count.

const column = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

export interface Scope {
  /** The table's alias in the query (`v`, `a`, `p`), if any. */
  alias?: string;
}

/** The row takes interactions: comments, votes, views, favourites, playlist adds. */
export function activeSql({ alias }: Scope = {}): string {
  return alias ? `${alias}.${ACTIVE_STATUS}` : ACTIVE_STATUS;
}

/** The video is in listings: active and posted. */
export function videoListedSql({ alias }: Scope = {}): string {
  return `${activeSql({ alias })} AND ${column(alias, 'post_date')} <= now()`;
}

/**
 * A category's link row (`video_categories`, migration 0003) of a listed video: the row
 * carries `listed` (the video's `status_id = 1`, kept by a trigger) and a copy of
 * `post_date`, so a category listing never joins `videos` to filter.
 */
export function videoLinkListedSql({ alias }: Scope = {}): string {
  return `${column(alias, 'listed')} AND ${column(alias, 'post_date')} <= now()`;
}

/** The video is listed and not private: search engines, partners, public strips. */
export function videoPublicSql({ alias }: Scope = {}): string {
  return `${videoListedSql({ alias })} AND ${column(alias, 'is_private')} = 0`;
}

/** The video or album can be opened (its page, its comments): it is not deleted. */
export function notDeletedSql({ alias }: Scope = {}): string {
  return `${column(alias, 'status_id')} <> ${VIDEO_STATUS.deleted}`;
}

/** The video waits in the review queue (decision 0043): the console's queue, nothing else. */
export function inReviewSql({ alias }: Scope = {}): string {
  return `${column(alias, 'status_id')} = ${VIDEO_STATUS.review}`;
}

/**
 * Videos a viewer sees in a listing: the listed ones, or with `seeAll` (staff holding
 * `read:video:any`, for review) every one that is not deleted.
 */
export function videoVisibleSql(opts: Scope & { seeAll: boolean }): string {
  return opts.seeAll ? notDeletedSql(opts) : videoListedSql(opts);
}

/**
 * Albums in a listing: active, and private ones only where the owner lists their own
 * (`withPrivate`) or staff review them.
 */
export function albumListedSql(opts: Scope & { withPrivate: boolean }): string {
  const active = activeSql(opts);
  return opts.withPrivate ? active : `${active} AND ${column(opts.alias, 'is_private')} = 0`;
}

/**
 * Playlists in a public listing: not private, not empty, not taken down (the partial
 * indexes' WHERE).
 */
export function playlistListedSql({ alias }: Scope = {}): string {
  return `${column(alias, 'is_private')} = 0 AND ${column(alias, 'videos_count')} > 0 AND ${column(alias, 'status_id')} = 1`;
}

/**
 * A playlist the viewer may open or write to: public, or theirs (`viewerParam`, a bind
 * placeholder holding their id), or anyone's with `seeAll`; never a taken-down one but for
 * `seeAll`.
 */
export function playlistVisibleSql(
  opts: Scope & { viewerParam?: string; seeAll: boolean },
): string {
  if (opts.seeAll) return 'true';
  const open = `${column(opts.alias, 'is_private')} = 0`;
  const live = playlistLiveSql(opts);
  return opts.viewerParam === undefined
    ? `${live} AND ${open}`
    : `${live} AND (${open} OR ${column(opts.alias, 'user_id')} = ${opts.viewerParam})`;
}

/** The playlist is not taken down (status 1; decision 0047). */
export function playlistLiveSql({ alias }: Scope = {}): string {
  return `${column(alias, 'status_id')} = 1`;
}

/** The video or album is not taken down (decision 0047): its comments go with it. */
export function notRemovedSql({ alias }: Scope = {}): string {
  return `${column(alias, 'status_id')} <> ${VIDEO_STATUS.removed}`;
}

/** A comment is shown (`comments.status` 1); a removed one (8) is nowhere (decision 0047). */
export function commentShownSql({ alias }: Scope = {}): string {
  return `${column(alias, 'status')} = 1`;
}

/**
 * Each comment section's check that its object is there to be read (`$1`: the object id):
 * comments of a video or album stay readable until it is deleted or taken down, a
 * playlist's until it is taken down.
 */
export const COMMENT_READ_TARGET: Record<CommentSection, string> = {
  video: `SELECT 1 FROM videos WHERE id = $1 AND ${notDeletedSql()} AND ${notRemovedSql()}`,
  album: `SELECT 1 FROM albums WHERE id = $1 AND ${notDeletedSql()} AND ${notRemovedSql()}`,
  model: 'SELECT 1 FROM models WHERE id = $1',
  channel: 'SELECT 1 FROM channels WHERE id = $1',
  member: 'SELECT 1 FROM users WHERE id = $1 AND status = 1',
  playlist: `SELECT 1 FROM playlists WHERE id = $1 AND ${playlistLiveSql()}`,
};

/**
 * Where a member may comment (`$1` the object id, `$2` the member's id): as readers see it,
 * but only on an active video or album, and on a private playlist only as its owner.
 */
export const COMMENT_WRITE_TARGET: Record<CommentSection, string> = {
  ...COMMENT_READ_TARGET,
  video: `SELECT 1 FROM videos WHERE id = $1 AND ${activeSql()}`,
  album: `SELECT 1 FROM albums WHERE id = $1 AND ${activeSql()}`,
  playlist: `SELECT 1 FROM playlists WHERE id = $1 AND ${playlistVisibleSql({ viewerParam: '$2', seeAll: false })}`,
};

// Row checks: the same rules for a row a service already holds.

/**
 * A video's files go out at all (signed links included): not once it is deleted or taken
 * down. A demo's shared clip serves the videos that play it (decision 0033).
 */
export function videoMediaServed(row: { status_id: number; media?: { pool?: number } }): boolean {
  if (row.media?.pool !== undefined) return true;
  const status = Number(row.status_id);
  return status !== VIDEO_STATUS.deleted && status !== VIDEO_STATUS.removed;
}

/** An album's files go out at all (signed links included): not once deleted or taken down. */
export function albumMediaServed(row: { status_id: number }): boolean {
  const status = Number(row.status_id);
  return status !== VIDEO_STATUS.deleted && status !== VIDEO_STATUS.removed;
}

/** The public page of a video answers (or says deleted); not while moderation holds it. */
export function videoPageOpens(row: { status_id: number }): boolean {
  const status = Number(row.status_id);
  return status !== VIDEO_STATUS.review && status !== VIDEO_STATUS.rejected;
}

/** A private playlist opens for its owner and for staff who review; anyone opens the rest. */
export function playlistReadable(
  row: { user_id: number; is_private: number },
  viewer: Viewer | null,
): boolean {
  return row.is_private !== 1 || can(viewer, 'read', 'playlist', Number(row.user_id));
}

/**
 * A taken-down playlist's videos and comments (decision 0047): staff who may take playlists
 * down still open them; for everyone else, its owner included, it holds nothing.
 */
export function playlistContentsOpen(row: { status_id: number }, viewer: Viewer | null): boolean {
  return Number(row.status_id) === 1 || can(viewer, 'disable', 'playlist');
}

/** The photos of an album: active, and a private one's for members only (decision 0022). */
export function albumPhotosVisible(
  row: { status_id: number; is_private: number },
  viewer: Viewer | null,
): boolean {
  return row.status_id === VIDEO_STATUS.active && (row.is_private !== 1 || viewer !== null);
}

/**
 * Whether a video plays for the viewer, and if not why: `unavailable` (not active, or not
 * encoded) for everyone, `members` for a visitor at a private one, which a member plays.
 */
export function videoPlayback(
  row: { status_id: number; is_private: number; encoded: boolean },
  viewer: Viewer | null,
): 'plays' | 'members' | 'unavailable' {
  if (row.status_id !== VIDEO_STATUS.active || !row.encoded) return 'unavailable';
  return row.is_private !== 1 || viewer !== null ? 'plays' : 'members';
}

/** A video plays when it is active and encoded, and a private one for members only. */
export function videoPlayable(
  row: { status_id: number; is_private: number; encoded: boolean },
  viewer: Viewer | null,
): boolean {
  return videoPlayback(row, viewer) === 'plays';
}
