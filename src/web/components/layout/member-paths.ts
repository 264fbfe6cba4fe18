import type { PageUser } from '../../ssr-types.ts';

// Where the member header's links go (header, mobile menu, watch-later screen).

export const HISTORY_PATH = '/videos/history/1/';

export function watchLaterPath(user: Pick<PageUser, 'id'>): string {
  return `/watch_later_videos/${user.id}/1/`;
}
