import { PAGE_SIZE } from '../../../contracts/constants.ts';
import { toastTitle } from '../../../contracts/format.ts';
import { playlistsPath } from '../../../contracts/playlists.paths.ts';

// The Add-to choices of SPEC.md §4 (favourites, watch later or one of the member's
// playlists): the input.php call of each, and its toasts (SPEC.md §8 success toasts and
// "already added" notifications).

export type AddTarget =
  | { list: 'favourite' }
  | { list: 'watch_later' }
  | { list: 'playlist'; playlistId: string; title: string };

/** The input.php fields that add the video to the target. */
export function addRequest(target: AddTarget, videoId: string): Record<string, string> {
  switch (target.list) {
    case 'favourite':
    case 'watch_later':
      return { act: target.list, section: 'add', video_id: videoId };
    case 'playlist':
      return { act: 'playlist', section: 'add', object_id: target.playlistId, video_id: videoId };
  }
}

/**
 * The success toast: key and values. Favourites and watch later name the video, a
 * playlist names itself; either title cut to 70 characters (SPEC.md §9).
 */
export function addedMessage(
  target: AddTarget,
  videoTitle: string,
): { key: string; values: { title: string } } {
  switch (target.list) {
    case 'favourite':
      return { key: 'notify.added_favourites', values: { title: toastTitle(videoTitle) } };
    case 'watch_later':
      return { key: 'notify.added_watch_later', values: { title: toastTitle(videoTitle) } };
    case 'playlist':
      return { key: 'notify.added_playlist', values: { title: toastTitle(target.title) } };
  }
}

/** The error toast of `already_added` for the target. */
export function alreadyKey(target: AddTarget): string {
  switch (target.list) {
    case 'favourite':
      return 'notify.already_favourites';
    case 'watch_later':
      return 'notify.already_watch_later';
    case 'playlist':
      return 'notify.already_playlist';
  }
}

/** A page of the member's own playlists for the dialog: 20 a page, newest first (SPEC.md §7). */
export function addToPlaylistsPath(page: number): string {
  return playlistsPath({
    lifetime: 0,
    sort: 'latest',
    count: PAGE_SIZE.addToPlaylists,
    section: 'add-to',
    page,
    gender: undefined,
    objectId: undefined,
  });
}
