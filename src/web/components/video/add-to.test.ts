import { describe, expect, it } from 'vitest';
import { addedMessage, addRequest, addToPlaylistsPath, alreadyKey } from './add-to.ts';

const playlist = { list: 'playlist', playlistId: '31', title: 'Evening' } as const;

describe('addRequest', () => {
  it('adds to favourites and watch later by video id', () => {
    expect(addRequest({ list: 'favourite' }, '7')).toEqual({
      act: 'favourite',
      section: 'add',
      video_id: '7',
    });
    expect(addRequest({ list: 'watch_later' }, '7')).toEqual({
      act: 'watch_later',
      section: 'add',
      video_id: '7',
    });
  });

  it('adds to a playlist by its id', () => {
    expect(addRequest(playlist, '7')).toEqual({
      act: 'playlist',
      section: 'add',
      object_id: '31',
      video_id: '7',
    });
  });
});

describe('toasts', () => {
  it('name the video for the member lists and the playlist for a playlist', () => {
    expect(addedMessage({ list: 'favourite' }, 'Clip')).toEqual({
      key: 'notify.added_favourites',
      values: { title: 'Clip' },
    });
    expect(addedMessage({ list: 'watch_later' }, 'Clip').key).toBe('notify.added_watch_later');
    expect(addedMessage(playlist, 'Clip')).toEqual({
      key: 'notify.added_playlist',
      values: { title: 'Evening' },
    });
  });

  it('cut titles to 70 characters', () => {
    const title = addedMessage({ list: 'favourite' }, 'x'.repeat(90)).values.title;
    expect(title).toBe(`${'x'.repeat(67)}...`);
  });

  it('say what the video is already in', () => {
    expect(alreadyKey({ list: 'favourite' })).toBe('notify.already_favourites');
    expect(alreadyKey({ list: 'watch_later' })).toBe('notify.already_watch_later');
    expect(alreadyKey(playlist)).toBe('notify.already_playlist');
  });
});

describe('addToPlaylistsPath', () => {
  it('asks for 20 of the member’s own playlists a page, uncached', () => {
    expect(addToPlaylistsPath(2)).toBe('/api/json/playlists/0/latest/20/add-to.2...json');
  });
});
