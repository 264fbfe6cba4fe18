import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeCategory, makeUser, makeVideo } from '../../../tests/support/factories.ts';
import {
  type AlbumsParams,
  albumPath,
  albumsPath,
  type PlaylistsParams,
  playlistPath,
  playlistsPath,
} from '../../contracts/playlists.paths.ts';
import {
  albumResponseSchema,
  albumsResponseSchema,
  playlistResponseSchema,
  playlistsResponseSchema,
} from '../../contracts/playlists.schema.ts';
import { refreshCounters } from '../../db/counters.ts';

let t: TestApp;
let owner = 0;
const playlists: Record<string, number> = {};
const albums: Record<string, number> = {};

async function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function playlistTitles(overrides: Partial<PlaylistsParams>) {
  const res = await get(
    playlistsPath({
      lifetime: 0,
      sort: 'alphabetical',
      count: 20,
      section: '',
      page: 1,
      gender: undefined,
      objectId: undefined,
      ...overrides,
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return playlistsResponseSchema.parse(res.json()).playlists.map((p) => p.title);
}

async function albumTitles(overrides: Partial<AlbumsParams>) {
  const res = await get(
    albumsPath({
      lifetime: 0,
      gender: 'str',
      sort: 'latest',
      count: 60,
      section: '',
      objectId: undefined,
      page: 1,
      ...overrides,
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return albumsResponseSchema.parse(res.json()).albums.map((a) => a.title);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database;
  owner = (await makeUser(db, { username: 'curator' })).id;
  const other = (await makeUser(db)).id;
  const beach = await makeCategory(db, 'Beach');
  const video = await makeVideo(db, owner, { mediaVersion: 1 });
  const add = async (
    key: string,
    userId: number,
    o: { private?: 0 | 1; orientation?: string; videos?: boolean; views?: number } = {},
  ) => {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO playlists (user_id, title, description, is_private, orientation, views, category_ids)
       VALUES ($1, $2, 'about ' || $2, $3, $4, $5, ARRAY[$6]::int[]) RETURNING id`,
      [userId, key, o.private ?? 0, o.orientation ?? 'str', o.views ?? 0, beach.id],
    );
    playlists[key] = Number(row?.id);
    if (o.videos !== false) {
      await db.query(
        'INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES ($1, $2, 0)',
        [row?.id, video.id],
      );
    }
  };
  await add('Beach days', owner, { views: 50 });
  await add('After dark', owner, { views: 500 });
  await add('Secret stash', owner, { private: 1 });
  await add('Empty list', owner, { videos: false });
  await add('Other section', other, { orientation: 'gay' });

  const album = async (key: string, o: { status?: number; private?: number; views?: number }) => {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO albums (user_id, dir, title, status_id, is_private, views, post_date)
       VALUES ($1, $2, $2, $3, $4, $5, now() - make_interval(mins => $6)) RETURNING id`,
      [owner, key, o.status ?? 1, o.private ?? 0, o.views ?? 0, Object.keys(albums).length],
    );
    albums[key] = Number(row?.id);
    await db.query(
      `INSERT INTO photos (album_id, position, width, height, image_version)
       VALUES ($1, 0, 800, 1200, 1), ($1, 1, 1280, 853, 0)`,
      [row?.id],
    );
  };
  await album('seaside', { views: 10 });
  await album('rooftop', { views: 99 });
  await album('hidden', { private: 1 });
  await album('gone', { status: 5 });
  await refreshCounters(db);
});

afterAll(async () => {
  await t?.close();
});

describe('playlists', () => {
  it('lists public playlists with videos, optionally of one section', async () => {
    expect(await playlistTitles({})).toEqual(['After dark', 'Beach days', 'Other section']);
    expect(await playlistTitles({ gender: 'str' })).toEqual(['After dark', 'Beach days']);
    expect(await playlistTitles({ sort: 'most-popular', gender: 'str' })).toEqual([
      'After dark',
      'Beach days',
    ]);
  });

  it('gives the documented shape with categories and top thumbs', async () => {
    const body = playlistsResponseSchema.parse(
      (
        await get(
          playlistsPath({
            lifetime: 86400,
            sort: 'latest',
            count: 20,
            section: '',
            page: 1,
            gender: 'str',
            objectId: undefined,
          }),
        )
      ).json(),
    );
    const beach = body.playlists.find((p) => p.title === 'Beach days');
    expect(beach).toMatchObject({
      private: '0',
      total_videos: '1',
      categories: [{ dir: 'beach', title: 'Beach' }],
      user: { username: 'curator' },
    });
    expect(beach?.toptn).toHaveLength(1);
  });

  it('shows a member’s public playlists to others, never the private ones', async () => {
    const titles = await playlistTitles({ section: 'members', objectId: owner });
    expect(titles).toEqual(['After dark', 'Beach days', 'Empty list']);
    expect(titles).not.toContain('Secret stash');
  });

  it('asks a visitor to sign in for the add-to list', async () => {
    const res = await get(
      playlistsPath({
        lifetime: 0,
        sort: 'latest',
        count: 20,
        section: 'add-to',
        page: 1,
        gender: undefined,
        objectId: undefined,
      }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'need_auth' });
  });

  it('answers one playlist, and refuses a private one', async () => {
    const res = await get(playlistPath(86400, playlists['Beach days'] as number));
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(playlistResponseSchema.parse(res.json()).playlist.title).toBe('Beach days');
    const secret = await get(playlistPath(0, playlists['Secret stash'] as number));
    expect(secret.statusCode).toBe(403);
    expect(secret.json()).toMatchObject({ code: 'playlist_is_private' });
    expect((await get(playlistPath(0, 999_999))).statusCode).toBe(404);
  });

  it.each([
    ['/api/json/playlists/0/random/20/.1...json', 'invalid_sort'],
    ['/api/json/playlists/0/latest/20/members.1...json', 'invalid_params'],
    ['/api/json/playlists/0/latest/20/.1.xyz..json', 'invalid_params'],
    ['/api/json/playlists/0/latest/20/mine.1...json', 'invalid_params'],
    ['/api/json/playlists/0/latest/20/.0...json', 'invalid_params'],
    ['/api/json/playlists/0/latest/20/.1..abc.json', 'invalid_params'],
    ['/api/json/playlist/0/0/1000/5.json', 'invalid_params'],
  ])('%s is a clean 400 %s', async (url, code) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });
});

describe('albums', () => {
  it('lists listed albums; private ones to their owner only, deleted ones never', async () => {
    expect(await albumTitles({})).toEqual(['seaside', 'rooftop']);
    expect(await albumTitles({ sort: 'most-popular' })).toEqual(['rooftop', 'seaside']);
    const listed = albumsResponseSchema.parse(
      (
        await get(
          albumsPath({
            lifetime: 0,
            gender: 'str',
            sort: 'latest',
            count: 60,
            section: '',
            objectId: undefined,
            page: 1,
          }),
        )
      ).json(),
    );
    expect(listed.albums[0]?.photos_amount).toBe('2');
    expect(await albumTitles({ section: 'members', objectId: owner, count: 1, page: 2 })).toEqual([
      'rooftop',
    ]);
    // A member's tab lists their albums of every orientation.
    expect(await albumTitles({ section: 'members', objectId: owner, gender: 'gay' })).toEqual([
      'seaside',
      'rooftop',
    ]);
  });

  it('keeps the public list’s total a minute, but shows a new album on the first page at once', async () => {
    const page = async (n: number) =>
      albumsResponseSchema.parse(
        (
          await get(
            albumsPath({
              lifetime: 0,
              gender: 'she',
              sort: 'latest',
              count: 1,
              section: '',
              objectId: undefined,
              page: n,
            }),
          )
        ).json(),
      );
    expect((await page(1)).total_count).toBe('0');
    const [row] = await t.database.query<{ id: number }>(
      `INSERT INTO albums (user_id, dir, title, gender, status_id) VALUES ($1, 'fresh', 'fresh', 'she', 1)
       RETURNING id`,
      [owner],
    );
    const first = await page(1);
    expect(first.albums.map((a) => a.title)).toEqual(['fresh']);
    expect(first.total_count).toBe('1');
    await t.database.query('DELETE FROM albums WHERE id = $1', [row?.id]);
  });

  it('answers an album with its photos; a placeholder for photos not made yet', async () => {
    const { album } = albumResponseSchema.parse(
      (await get(albumPath(0, albums.seaside as number))).json(),
    );
    expect(album.photos).toHaveLength(2);
    expect(album.photos[0]?.url).toMatch(/\/media\/albums\/0\/0\/\d+\/\d+\.jpg\?v=1$/);
    expect(album.photos[1]?.url).toBe('/placeholder.svg');
  });

  it('answers deleted and private albums with their status but no photos for visitors', async () => {
    const gone = albumResponseSchema.parse((await get(albumPath(0, albums.gone as number))).json());
    expect(gone.album).toMatchObject({ status_id: '5', photos: [] });
    const hidden = albumResponseSchema.parse(
      (await get(albumPath(0, albums.hidden as number))).json(),
    );
    // Not even the cover: a private album's files are no visitor's (decision 0032).
    expect(hidden.album).toMatchObject({ is_private: '1', photos: [], scr: '/placeholder.svg' });
    expect((await get(albumPath(0, 999_999))).statusCode).toBe(404);
  });

  it.each([
    ['/api/json/albums/0/str/newest/60/..1.json', 'invalid_sort'],
    ['/api/json/albums/0/xyz/latest/60/..1.json', 'invalid_params'],
    ['/api/json/albums/0/str/latest/60/members..1.json', 'invalid_params'],
    ['/api/json/albums/0/str/latest/60/..0.json', 'invalid_params'],
    ['/api/json/album/0/0/0/abc.json', 'invalid_params'],
  ])('%s is a clean 400 %s', async (url, code) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });
});
