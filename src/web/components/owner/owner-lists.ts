import type { Gender } from '../../../contracts/constants.ts';
import { PAGE_SIZE } from '../../../contracts/constants.ts';
import { type VideoSection, videos2Path } from '../../../contracts/paths.ts';
import type { VideoListResponse } from '../../../contracts/video.schema.ts';

// A member's own lists (SPEC.md §6: only the owner sees remove buttons on their favourites,
// watch later and playlists): who owns a page, the paths the owner reads them by, the
// input.php call that takes a video out, and the list as it looks afterwards.

/** A list the owner removes videos from. */
export type OwnerList =
  | { list: 'watch_later' }
  | { list: 'favourite' }
  | { list: 'playlist'; playlistId: string };

/** True when the signed-in member (page globals `user`) owns the page's object. */
export function isOwner(user: { id: number } | null, ownerId: number | string): boolean {
  return user !== null && String(user.id) === String(ownerId);
}

/**
 * A member's own list as they read it: uncached (lifetime 0), because it changes under the
 * owner's hand and a kept copy would show them a video they just removed (decision 0019).
 * Newest added first. History has lifetime 0 by SPEC.md §7 anyway.
 */
export function ownListPath(
  section: Extract<VideoSection, 'watch-later' | 'favourites' | 'history'>,
  userId: number,
  gender: Gender,
  page: number,
): string {
  return videos2Path({
    lifetime: 0,
    gender,
    sort: 'history',
    count: PAGE_SIZE.videos,
    section,
    objectId: String(userId),
    page,
    type: 'all',
    duration: '',
    date: '',
  });
}

/** The input.php fields that take the video out of the list (SPEC.md §7). */
export function removeRequest(target: OwnerList, videoId: string): Record<string, string> {
  switch (target.list) {
    case 'favourite':
    case 'watch_later':
      return { act: target.list, section: 'rem', video_id: videoId };
    case 'playlist':
      return { act: 'playlist', section: 'rem', object_id: target.playlistId, video_id: videoId };
  }
}

/** The `owner` message naming the remove button of a thumb (with the video's title). */
export function removeLabelKey(target: OwnerList): string {
  switch (target.list) {
    case 'favourite':
      return 'owner.removeFromFavourites';
    case 'watch_later':
      return 'owner.removeFromWatchLater';
    case 'playlist':
      return 'owner.removeFromPlaylist';
  }
}

/**
 * A page of a list without one video, as it reads until the list is read again: one fewer
 * in the total, and the page count of the new total. Unchanged when the video is not there.
 */
export function withoutVideo(
  page: VideoListResponse,
  videoId: string,
  pageSize: number,
): VideoListResponse {
  if (!page.videos.some((video) => video.video_id === videoId)) return page;
  const total = Math.max(0, Number(page.total_count) - 1);
  return {
    ...page,
    videos: page.videos.filter((video) => video.video_id !== videoId),
    total_count: String(total),
    pages: Math.ceil(total / pageSize),
  };
}

/** The page size of a videos2 path (its `{count}` segment). */
export function pageSizeOf(path: string): number {
  const count = /^\/api\/json\/videos2\/\d+\/[a-z]+\/[a-z-]+\/(\d+)\//.exec(path)?.[1];
  return count ? Number(count) : PAGE_SIZE.videos;
}

/** Matches the videos2 paths of one section and object, any lifetime, sort or page. */
export function sectionPaths(section: VideoSection, objectId: string): (path: string) => boolean {
  const tail = `/${section}.${objectId}.`;
  return (path) => path.startsWith('/api/json/videos2/') && path.includes(tail);
}

/**
 * Matches what shows one playlist: its own answer (title, count) and its videos. The
 * playlist lists that mention it are read again by refreshPlaylists (playlist-modal.tsx).
 */
export function playlistPaths(playlistId: string): (path: string) => boolean {
  const videos = sectionPaths('playlists', playlistId);
  const own = new RegExp(`^/api/json/playlist/\\d+/\\d+/\\d+/${playlistId}\\.json$`);
  return (path) => videos(path) || own.test(path);
}
