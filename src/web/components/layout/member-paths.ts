import type { PageUser } from '../../ssr-types.ts';

// Where the member header's links go (header, user menu, mobile menu, watch-later screen).

export const HISTORY_PATH = '/videos/history/1/';
export const UPLOAD_PATH = '/upload-video/';

export function watchLaterPath(user: Pick<PageUser, 'id'>): string {
  return `/watch_later_videos/${user.id}/1/`;
}

/**
 * The user menu's entries (SPEC.md §2 "Layout"), in its order; the mobile menu lists the
 * same ones. `label` is a message key.
 */
export function accountLinks(user: Pick<PageUser, 'id'>): { to: string; label: string }[] {
  const base = `/members/${user.id}`;
  return [
    { to: '/edit/', label: 'account.edit' },
    { to: `${base}/uploaded_videos/1/`, label: 'account.uploaded' },
    { to: `${base}/favourite_videos/1/`, label: 'account.favourites' },
    { to: `${base}/subscriptions/`, label: 'account.subscriptions' },
    { to: `${base}/friends/1/`, label: 'account.friends' },
    { to: UPLOAD_PATH, label: 'nav.upload' },
  ];
}
