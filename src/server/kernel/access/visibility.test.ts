import { describe, expect, it } from 'vitest';
import { testViewer } from '../../../../tests/support/factories.ts';
import {
  albumListedSql,
  albumPhotosVisible,
  playlistListedSql,
  playlistReadable,
  playlistVisibleSql,
  videoListedSql,
  videoPlayable,
  videoPlayback,
  videoPublicSql,
  videoVisibleSql,
} from './visibility.ts';

// The visibility fragments keep the exact text the partial indexes are written for
// (schema.ts: `status_id = 1`, `is_private = 0 AND videos_count > 0`): a change here is a
// change of query plans, so the text is pinned.

describe('SQL fragments', () => {
  it('spell the listed, public and visible videos', () => {
    expect(videoListedSql({ alias: 'v' })).toBe('v.status_id = 1 AND v.post_date <= now()');
    expect(videoPublicSql()).toBe('status_id = 1 AND post_date <= now() AND is_private = 0');
    expect(videoVisibleSql({ alias: 'v', seeAll: true })).toBe('v.status_id <> 5');
    expect(videoVisibleSql({ alias: 'v', seeAll: false })).toBe(videoListedSql({ alias: 'v' }));
  });

  it('spell albums and playlists as their indexes expect', () => {
    expect(albumListedSql({ alias: 'a', withPrivate: false })).toBe(
      'a.status_id = 1 AND a.is_private = 0',
    );
    expect(albumListedSql({ alias: 'a', withPrivate: true })).toBe('a.status_id = 1');
    expect(playlistListedSql({ alias: 'p' })).toBe(
      'p.is_private = 0 AND p.videos_count > 0 AND p.status_id = 1',
    );
    expect(playlistVisibleSql({ viewerParam: '$2', seeAll: false })).toBe(
      'status_id = 1 AND (is_private = 0 OR user_id = $2)',
    );
    expect(playlistVisibleSql({ seeAll: true })).toBe('true');
  });
});

describe('row checks', () => {
  const owner = testViewer(1);
  const other = testViewer(2);
  const moderator = testViewer(3, 'mod', 'moderator');

  it('open a private playlist to its owner and to staff who review, not to others', () => {
    const row = { user_id: 1, is_private: 1 };
    expect(playlistReadable(row, owner)).toBe(true);
    expect(playlistReadable(row, moderator)).toBe(true);
    expect(playlistReadable(row, other)).toBe(false);
    expect(playlistReadable(row, null)).toBe(false);
    expect(playlistReadable({ ...row, is_private: 0 }, null)).toBe(true);
  });

  it('show a private album’s photos and a private video to members only', () => {
    expect(albumPhotosVisible({ status_id: 1, is_private: 1 }, null)).toBe(false);
    expect(albumPhotosVisible({ status_id: 1, is_private: 1 }, other)).toBe(true);
    expect(albumPhotosVisible({ status_id: 0, is_private: 0 }, owner)).toBe(false);
    expect(videoPlayable({ status_id: 1, is_private: 1, encoded: true }, null)).toBe(false);
    expect(videoPlayable({ status_id: 1, is_private: 1, encoded: true }, other)).toBe(true);
    expect(videoPlayable({ status_id: 3, is_private: 0, encoded: true }, owner)).toBe(false);
    expect(videoPlayback({ status_id: 1, is_private: 1, encoded: true }, null)).toBe('members');
    expect(videoPlayback({ status_id: 1, is_private: 1, encoded: false }, null)).toBe(
      'unavailable',
    );
    expect(videoPlayback({ status_id: 5, is_private: 0, encoded: true }, owner)).toBe(
      'unavailable',
    );
    expect(videoPlayback({ status_id: 1, is_private: 0, encoded: true }, null)).toBe('plays');
  });
});
