import { describe, expect, it } from 'vitest';
import { videos2Path } from '../../../contracts/paths.ts';
import { playlistPath } from '../../../contracts/playlists.paths.ts';
import type { VideoListItem, VideoListResponse } from '../../../contracts/video.schema.ts';
import {
  isOwner,
  ownListPath,
  pageSizeOf,
  playlistPaths,
  removeLabelKey,
  removeRequest,
  sectionPaths,
  withoutVideo,
} from './owner-lists.ts';

const video = (id: string) => ({ video_id: id, title: `Video ${id}` }) as VideoListItem;

const page = (ids: string[], total: number, pages: number): VideoListResponse => ({
  videos: ids.map(video),
  total_count: String(total),
  pages,
  categories: [],
});

describe('isOwner (SPEC.md §6: only the owner sees the buttons)', () => {
  it('is the signed-in member on their own object only', () => {
    expect(isOwner({ id: 7 }, 7)).toBe(true);
    expect(isOwner({ id: 7 }, '7')).toBe(true);
    expect(isOwner({ id: 7 }, '70')).toBe(false);
    expect(isOwner({ id: 7 }, 8)).toBe(false);
    expect(isOwner(null, 7)).toBe(false);
  });
});

describe('ownListPath', () => {
  it('reads the member’s own list uncached, newest added first, 60 a page', () => {
    expect(ownListPath('watch-later', 42, 'str', 3)).toBe(
      '/api/json/videos2/0/str/history/60/watch-later.42.3.all...json',
    );
    expect(ownListPath('history', 5, 'gay', 1)).toBe(
      '/api/json/videos2/0/gay/history/60/history.5.1.all...json',
    );
  });
});

describe('removeRequest (SPEC.md §7 input.php)', () => {
  it('takes a video out of favourites, watch later or a playlist', () => {
    expect(removeRequest({ list: 'favourite' }, '12')).toEqual({
      act: 'favourite',
      section: 'rem',
      video_id: '12',
    });
    expect(removeRequest({ list: 'watch_later' }, '12')).toEqual({
      act: 'watch_later',
      section: 'rem',
      video_id: '12',
    });
    expect(removeRequest({ list: 'playlist', playlistId: '9' }, '12')).toEqual({
      act: 'playlist',
      section: 'rem',
      object_id: '9',
      video_id: '12',
    });
  });

  it('names the button after the list', () => {
    expect(removeLabelKey({ list: 'favourite' })).toBe('owner.removeFromFavourites');
    expect(removeLabelKey({ list: 'watch_later' })).toBe('owner.removeFromWatchLater');
    expect(removeLabelKey({ list: 'playlist', playlistId: '1' })).toBe('owner.removeFromPlaylist');
  });
});

describe('withoutVideo', () => {
  it('drops the video and counts one fewer', () => {
    const after = withoutVideo(page(['1', '2', '3'], 3, 1), '2', 60);
    expect(after.videos.map((v) => v.video_id)).toEqual(['1', '3']);
    expect(after.total_count).toBe('2');
    expect(after.pages).toBe(1);
  });

  it('recounts the pages: the last video of the last page takes that page away', () => {
    expect(withoutVideo(page(['61'], 61, 2), '61', 60).pages).toBe(1);
    expect(withoutVideo(page(['1'], 1, 1), '1', 60)).toEqual(page([], 0, 0));
  });

  it('leaves a page without the video as it is', () => {
    const before = page(['1'], 5, 1);
    expect(withoutVideo(before, '9', 60)).toBe(before);
  });
});

describe('paths a change touches', () => {
  const list = (section: 'watch-later' | 'favourites' | 'playlists', id: string, lifetime = 0) =>
    videos2Path({
      lifetime,
      gender: 'str',
      sort: 'history',
      count: 60,
      section,
      objectId: id,
      page: 2,
      type: 'all',
      duration: '',
      date: '',
    });

  it('pageSizeOf reads the count segment', () => {
    expect(pageSizeOf(list('watch-later', '4'))).toBe(60);
    expect(pageSizeOf('/api/json/videos2/0/str/latest-updates/24/.1.1.all...json')).toBe(24);
  });

  it('sectionPaths matches one list of one member, any lifetime or page', () => {
    const match = sectionPaths('watch-later', '4');
    expect(match(list('watch-later', '4'))).toBe(true);
    expect(match(list('watch-later', '4', 14400))).toBe(true);
    expect(match(list('watch-later', '44'))).toBe(false);
    expect(match(list('favourites', '4'))).toBe(false);
    expect(match('/api/json/member/7200/profile/0/0/4.json')).toBe(false);
  });

  it('playlistPaths matches the playlist and its videos, not other playlists', () => {
    const match = playlistPaths('1234');
    expect(match(playlistPath(86400, 1234))).toBe(true);
    expect(match(list('playlists', '1234', 86400))).toBe(true);
    expect(match(playlistPath(86400, 12345))).toBe(false);
    expect(match(list('playlists', '123'))).toBe(false);
  });
});
