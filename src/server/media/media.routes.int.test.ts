import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeAlbum, makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { signInAs } from '../../../tests/support/session.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { albumPath } from '../../contracts/playlists.paths.ts';
import { albumResponseSchema } from '../../contracts/playlists.schema.ts';
import {
  albumPhotoKey,
  albumPhotoThumbKey,
  hlsMasterKey,
  hlsRungDir,
  videoFileKey,
  videoPreviewKey,
} from '../../media/keys.ts';
import { signedAlbumPrefix, signedVideoPrefix } from './media-access.ts';

// Media files as a player and a browser fetch them: ranges, types, caching, and the access
// rules of docs/decisions/0011 and 0022 (private and deleted videos, private albums only
// through signed URLs).

const SECRET = 'media-test-secret-media-test-secret';
let t: TestApp;
const ids = { open: 0, closed: 0, gone: 0 };
const albums: Record<'open' | 'closed' | 'gone', { id: number; photoIds: number[] }> = {} as never;
const segment = Buffer.from('fMP4 segment bytes '.repeat(50));

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function storeFiles(id: number) {
  await t.storage.put(hlsMasterKey(id, 1), Buffer.from('#EXTM3U\n'));
  await t.storage.put(`${hlsRungDir(id, 1, 240)}/seg_00000.m4s`, segment);
  await t.storage.put(videoPreviewKey(id), Buffer.from('jpeg'));
  await t.storage.put(videoFileKey(id, '_hq.mp4'), segment);
}

beforeAll(async () => {
  // Behind a CDN that names the country in a header, which playback files vary on: shared
  // caches may keep them (by address they are private, decision 0053).
  t = await createTestApp({ env: { APP_SECRET: SECRET, COUNTRY_HEADER: 'x-country' } });
  const user = await makeUser(t.database);
  ids.open = (await makeVideo(t.database, user.id, { title: 'open' })).id;
  ids.closed = (await makeVideo(t.database, user.id, { title: 'closed', isPrivate: 1 })).id;
  ids.gone = (
    await makeVideo(t.database, user.id, { title: 'gone', statusId: VIDEO_STATUS.deleted })
  ).id;
  for (const id of Object.values(ids)) await storeFiles(id);
  await t.storage.put('sources/0/0/1.mp4', Buffer.from('source'));
  albums.open = await makeAlbum(t.database, user.id);
  albums.closed = await makeAlbum(t.database, user.id, { isPrivate: 1 });
  albums.gone = await makeAlbum(t.database, user.id, { statusId: 5 });
  for (const { id, photoIds } of Object.values(albums)) {
    for (const photo of photoIds) {
      await t.storage.put(albumPhotoKey(id, photo), Buffer.from(`photo ${photo}`));
      await t.storage.put(albumPhotoThumbKey(id, photo), Buffer.from(`thumb ${photo}`));
    }
  }
});

afterAll(async () => {
  await t?.close();
});

const url = (key: string) => `/media/${key}`;

describe('public media', () => {
  it('serves a public video with ranges, its type and long caching', async () => {
    const key = `${hlsRungDir(ids.open, 1, 240)}/seg_00000.m4s`;
    const res = await get(url(key), { range: 'bytes=5-11' });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('segment');
    expect(res.headers['content-range']).toBe(`bytes 5-11/${segment.length}`);
    expect(res.headers['content-type']).toBe('video/iso.segment');
    expect(res.headers['cache-control']).toBe('public, max-age=2592000, immutable');

    const master = await get(url(hlsMasterKey(ids.open, 1)));
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=60');
    // An ETag lets a player revalidate instead of fetching again.
    const again = await get(url(hlsMasterKey(ids.open, 1)), {
      'if-none-match': String(master.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('keeps the pictures of a private video public, not its playback files', async () => {
    expect((await get(url(videoPreviewKey(ids.closed)))).statusCode).toBe(200);
    expect((await get(url(hlsMasterKey(ids.closed, 1)))).statusCode).toBe(404);
    expect((await get(url(videoFileKey(ids.closed, '_hq.mp4')))).statusCode).toBe(404);
  });

  it('serves nothing of a deleted video, no sources and nothing outside the media folder', async () => {
    expect((await get(url(videoPreviewKey(ids.gone)))).statusCode).toBe(404);
    expect((await get(url(hlsMasterKey(ids.gone, 1)))).statusCode).toBe(404);
    for (const bad of [
      '/media/sources/0/0/1.mp4',
      '/media/../secret',
      '/media/%2e%2e/%2e%2e/secret',
      '/media/videos/0/0/999999/preview.jpg',
      '/media/',
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.headers['cache-control'], bad).toBe('no-store');
    }
  });
});

describe('signed media', () => {
  it('serves a private video through a signed folder URL, privately cached', async () => {
    const prefix = signedVideoPrefix(SECRET, ids.closed, 3600);
    const res = await get(`${prefix}${hlsRungDir(ids.closed, 1, 240)}/seg_00000.m4s`, {
      range: 'bytes=0-3',
    });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('fMP4');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('stops a signed link handed out before the video was deleted (decision 0043)', async () => {
    const prefix = signedVideoPrefix(SECRET, ids.gone, 3600);
    const res = await get(`${prefix}${hlsRungDir(ids.gone, 1, 240)}/seg_00000.m4s`);
    expect(res.statusCode).toBe(404);
  });

  it('refuses a signature of another video, an expired one and a forged one', async () => {
    const other = signedVideoPrefix(SECRET, ids.open, 3600);
    expect((await get(`${other}${hlsMasterKey(ids.closed, 1)}`)).statusCode).toBe(404);
    const expired = signedVideoPrefix(SECRET, ids.closed, -7200);
    expect((await get(`${expired}${hlsMasterKey(ids.closed, 1)}`)).statusCode).toBe(404);
    const forged = signedVideoPrefix('another-secret-another-secret-xx', ids.closed, 3600);
    expect((await get(`${forged}${hlsMasterKey(ids.closed, 1)}`)).statusCode).toBe(404);
    const source = signedVideoPrefix(SECRET, 1, 3600);
    expect((await get(`${source}sources/0/0/1.mp4`)).statusCode).toBe(404);
  });
});

describe('album media', () => {
  const files = (album: { id: number; photoIds: number[] }) =>
    album.photoIds.flatMap((photo) => [
      albumPhotoKey(album.id, photo),
      albumPhotoThumbKey(album.id, photo),
    ]);

  it('serves every photo of a public album to anyone', async () => {
    for (const key of files(albums.open)) {
      const res = await get(url(key));
      expect(res.statusCode, key).toBe(200);
      expect(res.headers['cache-control'], key).toBe('public, max-age=2592000');
    }
    const [cover = 0] = albums.open.photoIds;
    expect((await get(url(albumPhotoKey(albums.open.id, cover)))).body).toBe(`photo ${cover}`);
  });

  it('keeps a private album from the public, its cover too; a deleted one whole', async () => {
    const [cover = 0, other = 0] = albums.closed.photoIds;
    for (const key of [
      albumPhotoThumbKey(albums.closed.id, cover),
      albumPhotoKey(albums.closed.id, cover),
      albumPhotoKey(albums.closed.id, other),
      albumPhotoThumbKey(albums.closed.id, other),
      ...files(albums.gone),
    ]) {
      const res = await get(url(key));
      expect(res.statusCode, key).toBe(404);
      expect(res.headers['cache-control'], key).toBe('no-store');
    }
    // Shapes that are no album file, and an album that is not there.
    for (const key of [
      `albums/0/0/${albums.open.id}/${cover}.png`,
      `albums/0/0/${albums.open.id}/index.json`,
      `albums/1000000/0/${albums.open.id}/${albums.open.photoIds[0]}.jpg`,
      'albums/0/0/999999/1.jpg',
      'albums/',
    ]) {
      expect((await get(url(key))).statusCode, key).toBe(404);
    }
  });

  it('hands members signed photo URLs of a private album, and those open that album only', async () => {
    const member = await signInAs(t.app, t.database);
    const res = await get(albumPath(86400, albums.closed.id), { cookie: member.cookie });
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const { album } = albumResponseSchema.parse(res.json());
    expect(album.photos).toHaveLength(2);
    expect(album.scr).toMatch(/^\/media\/s\/\d+\/[\w-]+\/albums\/0\/0\/\d+\/\d+_thumb\.webp\?v=1$/);
    for (const photo of album.photos) {
      for (const link of [photo.url, photo.thumb]) {
        expect(link).toMatch(
          /^\/media\/s\/\d+\/[\w-]+\/albums\/0\/0\/\d+\/\d+(_thumb\.webp|\.jpg)\?v=1$/,
        );
        const file = await get(link);
        expect(file.statusCode, link).toBe(200);
        expect(file.headers['cache-control'], link).toBe('private, max-age=3600');
      }
    }
    // The same signature does not open another album, nor a video of the same id.
    const prefix = signedAlbumPrefix(SECRET, albums.closed.id, 3600);
    const [openCover = 0] = albums.open.photoIds;
    expect((await get(`${prefix}${albumPhotoKey(albums.open.id, openCover)}`)).statusCode).toBe(
      404,
    );
    const videoPrefix = signedVideoPrefix(SECRET, albums.closed.id, 3600);
    const [cover = 0] = albums.closed.photoIds;
    expect((await get(`${videoPrefix}${albumPhotoKey(albums.closed.id, cover)}`)).statusCode).toBe(
      404,
    );
  });
});
