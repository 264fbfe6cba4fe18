import { LIFETIME } from '../../../contracts/constants.ts';
import { albumPath } from '../../../contracts/playlists.paths.ts';

// Where an album lives: its page `/albums/{id}/{dir}/`, a photo open in its viewer
// `/albums/{id}/{dir}/{photo_id}/` (so Back closes the viewer and a photo can be linked),
// and the JSON call the page reads.

export function albumPagePath(album: { album_id: string; dir: string }): string {
  return `/albums/${album.album_id}/${album.dir}/`;
}

export function albumPhotoPath(album: { album_id: string; dir: string }, photoId: string): string {
  return `${albumPagePath(album)}${photoId}/`;
}

/**
 * A member's Albums tab (their own shows private albums and "Create album"). Here rather
 * than in layout/member-paths.ts, which the header ships with every first paint.
 */
export function memberAlbumsPath(userId: number | string, page = 1): string {
  return `/members/${userId}/albums/${page}/`;
}

/**
 * The album as the page reads it. Members read it uncached: the owner sees a change at
 * once, and a private album's signed photo URLs are always fresh (decision 0032).
 */
export function albumQueryPath(id: number, signedIn: boolean): string {
  return albumPath(signedIn ? 0 : LIFETIME.albums, id);
}

/** Album lists and pages kept by the web app, read again after the owner changes one. */
export const albumLists = (path: string) => path.startsWith('/api/json/albums/');
export const albumPages = (id: string | number) => {
  const suffix = `/${id}.json`;
  return (path: string) => path.startsWith('/api/json/album/') && path.endsWith(suffix);
};
