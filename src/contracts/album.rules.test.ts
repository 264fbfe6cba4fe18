import { describe, expect, it } from 'vitest';
import { albumDirOf, parseAlbumEdit } from './album.rules.ts';

describe('parseAlbumEdit', () => {
  it('reads a new album: title on one line, description trimmed, public by default', () => {
    expect(parseAlbumEdit({ section: 'new', title: '  Summer \n trip ', desc: ' Sea. ' })).toEqual({
      ok: true,
      value: { section: 'new', fields: { title: 'Summer trip', desc: 'Sea.', private: 0 } },
    });
    expect(parseAlbumEdit({ section: 'new', title: 'Mine', private: '1' })).toMatchObject({
      ok: true,
      value: { fields: { private: 1, desc: '' } },
    });
  });

  it('names every failing field of a new album', () => {
    expect(
      parseAlbumEdit({ section: 'new', title: 'ab', desc: 'x'.repeat(501), private: '2' }),
    ).toEqual({
      ok: false,
      errors: [
        { field: 'title', code: 'min_length' },
        { field: 'desc', code: 'max_length' },
        { field: 'private', code: 'invalid_params' },
      ],
    });
    expect(parseAlbumEdit({ section: 'new' })).toMatchObject({
      errors: [{ field: 'title', code: 'required' }],
    });
    expect(parseAlbumEdit({ section: 'new', title: 'x'.repeat(101) })).toMatchObject({
      errors: [{ field: 'title', code: 'max_length' }],
    });
  });

  it('needs a known section and, but for new, an album id', () => {
    expect(parseAlbumEdit({ section: 'drop', album_id: '1' })).toMatchObject({
      errors: [{ field: 'section' }],
    });
    expect(parseAlbumEdit(null)).toMatchObject({ errors: [{ field: 'section' }] });
    expect(parseAlbumEdit({ section: 'del' })).toMatchObject({
      errors: [{ field: 'album_id', code: 'required' }],
    });
    expect(parseAlbumEdit({ section: 'del', album_id: '-3' })).toMatchObject({
      errors: [{ field: 'album_id', code: 'invalid_params' }],
    });
    expect(parseAlbumEdit({ section: 'add', album_id: ['1'] })).toMatchObject({ ok: false });
    expect(parseAlbumEdit({ section: 'rem', album_id: '4' })).toMatchObject({
      errors: [{ field: 'photo_id' }],
    });
    expect(parseAlbumEdit({ section: 'rem', album_id: '4', photo_id: '9' })).toEqual({
      ok: true,
      value: { section: 'rem', albumId: 4, photoId: 9 },
    });
  });

  it('changes only the fields an update gives, and checks cover and order', () => {
    expect(parseAlbumEdit({ section: 'upd', album_id: '4', private: '1' })).toEqual({
      ok: true,
      value: { section: 'upd', albumId: 4, fields: { private: 1 } },
    });
    expect(
      parseAlbumEdit({ section: 'upd', album_id: '4', cover_photo_id: '7', order: '7, 5,6' }),
    ).toEqual({
      ok: true,
      value: { section: 'upd', albumId: 4, fields: {}, coverPhotoId: 7, order: [7, 5, 6] },
    });
    for (const order of ['', '7,7', '7,x', '7,,5']) {
      expect(parseAlbumEdit({ section: 'upd', album_id: '4', order }), order).toMatchObject({
        errors: [{ field: 'order', code: 'invalid_params' }],
      });
    }
    expect(parseAlbumEdit({ section: 'upd', album_id: '4', title: '' })).toMatchObject({
      errors: [{ field: 'title', code: 'required' }],
    });
  });
});

describe('albumDirOf', () => {
  it('makes the address segment, with a word of its own for titles of no latin letters', () => {
    expect(albumDirOf('Summer Trip 2026!')).toBe('summer-trip-2026');
    expect(albumDirOf('夏の旅')).toBe('album');
    expect(albumDirOf('Video night')).toBe('video-night');
  });
});
