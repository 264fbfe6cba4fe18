import type { PageUser } from '../../ssr-types.ts';

// Where the member header's links go (header, mobile menu, watch-later screen).

export const HISTORY_PATH = '/videos/history/1/';

export function watchLaterPath(user: Pick<PageUser, 'id'>): string {
  return `/watch_later_videos/${user.id}/1/`;
}

/** A member's albums tab (their own shows private albums and "Create album"). */
export function memberAlbumsPath(userId: number | string, page = 1): string {
  return `/members/${userId}/albums/${page}/`;
}
