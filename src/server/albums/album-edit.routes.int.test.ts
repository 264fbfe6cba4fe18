import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeAlbum } from '../../../tests/support/factories.ts';
import { HOSTILE_WELL_FORMED } from '../../../tests/support/hostile.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { ALBUM_LIMITS } from '../../contracts/album.rules.ts';
import { type AlbumsParams, albumPath, albumsPath } from '../../contracts/playlists.paths.ts';
import {
  albumEditAnswerSchema,
  albumResponseSchema,
  albumsResponseSchema,
} from '../../contracts/playlists.schema.ts';
import { albumDir } from '../../media/keys.ts';

// POST /api/album_edit.php (SPEC.md §7, docs/decisions/0032) on a real database and media
// folder: the owner makes an album, uploads photos (checked by their bytes, re-encoded
// without metadata), edits and deletes it; visitors and other members change nothing; bad
// files, bad text and broken forms are refused without a change; a private album stays
// out of every list but its owner's and its files out of public reach; the cached answers
// show each change at once.

let t: TestApp;
let alice: TestSession;
let bob: TestSession;

type Fields = Record<string, string>;
interface FilePart {
  data: Buffer;
  name: string;
  type?: string;
}

const form = (fields: Fields, session?: TestSession) =>
  t.app.inject({
    method: 'POST',
    url: '/api/album_edit.php',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(session?.headers ?? {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });

/** A multipart call as a browser's FormData makes it: the fields, then the files. */
async function multipart(fields: Fields, files: FilePart[], session?: TestSession) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) {
    body.append(
      'file',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }),
      file.name,
    );
  }
  const request = new Request('http://test.local/api/album_edit.php', { method: 'POST', body });
  return t.app.inject({
    method: 'POST',
    url: '/api/album_edit.php',
    headers: {
      'content-type': request.headers.get('content-type') ?? '',
      ...(session?.headers ?? {}),
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** Photos into an album, as Alice unless another member (or null, a visitor) is named. */
const upload = (albumId: number, files: FilePart[], session: TestSession | null = alice) =>
  multipart({ section: 'add', album_id: String(albumId) }, files, session ?? undefined);

/** A camera-like JPEG with a name and a GPS position in its EXIF that must not survive. */
const photo = (width = 640, height = 480, colour = '#c85a28') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Private Person' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1' },
    })
    .toBuffer();

const get = (url: string, session?: TestSession) =>
  t.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });

async function albumAs(id: number, session?: TestSession, lifetime = 0) {
  const res = await get(albumPath(lifetime, id), session);
  expect(res.statusCode, res.body).toBe(200);
  return albumResponseSchema.parse(res.json()).album;
}

async function listed(overrides: Partial<AlbumsParams>, session?: TestSession) {
  const res = await get(
    albumsPath({
      lifetime: 86400,
      gender: 'str',
      sort: 'latest',
      count: 60,
      section: '',
      objectId: undefined,
      page: 1,
      ...overrides,
    }),
    session,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { res, body: albumsResponseSchema.parse(res.json()) };
}

async function create(fields: Fields, session = alice): Promise<number> {
  const res = await form({ section: 'new', ...fields }, session);
  expect(res.statusCode, res.body).toBe(200);
  return Number(albumEditAnswerSchema.parse(res.json()).album_id);
}

async function row(albumId: number) {
  const [found] = await t.database.query<{
    title: string;
    description: string;
    is_private: number;
    photos_count: number;
    cover_photo_id: number | null;
  }>(
    'SELECT title, description, is_private, photos_count, cover_photo_id FROM albums WHERE id = $1',
    [albumId],
  );
  const photos = await t.database.query<{ id: number }>(
    'SELECT id FROM photos WHERE album_id = $1 ORDER BY position, id',
    [albumId],
  );
  return { ...found, photos: photos.map((p) => p.id) };
}

beforeAll(async () => {
  t = await createTestApp({ env: { APP_SECRET: 'album-edit-test-secret-album-edit-test' } });
  alice = await signInAs(t.app, t.database, 'album_alice');
  bob = await signInAs(t.app, t.database, 'album_bob');
});

afterAll(async () => {
  await t?.close();
});

describe('making and filling an album', () => {
  it('makes an album, takes two photos in one call, and serves them re-encoded', async () => {
    const res = await form(
      { section: 'new', title: ' Harbour  walk ', desc: 'Boats at dusk.', private: '0' },
      alice,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const made = albumEditAnswerSchema.parse(res.json());
    const id = Number(made.album_id);
    expect(made.album).toMatchObject({
      title: 'Harbour walk',
      dir: 'harbour-walk',
      description: 'Boats at dusk.',
      photos_amount: '0',
      photos: [],
      user: { id: String(alice.userId) },
    });

    const png = await sharp({
      create: { width: 300, height: 500, channels: 4, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    const up = await upload(id, [
      { data: await photo(), name: 'one.jpg' },
      { data: png, name: 'two.png', type: 'image/png' },
    ]);
    expect(up.statusCode, up.body).toBe(200);
    const { album } = albumEditAnswerSchema.parse(up.json());
    expect(album?.photos_amount).toBe('2');
    expect(album?.photos.map((p) => [p.width, p.height])).toEqual([
      ['640', '480'],
      ['300', '500'],
    ]);
    const [first, second] = album?.photos ?? [];
    // The first photo of an album is its cover until the owner picks another.
    expect(album?.scr).toBe(first?.thumb);
    for (const item of [first, second]) {
      const full = await get(item?.url ?? '');
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(full.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      const thumb = await get(item?.thumb ?? '');
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
    }
    expect(await row(id)).toMatchObject({
      photos_count: 2,
      cover_photo_id: Number(first?.photo_id),
    });
  });

  it('refuses a visitor before reading anything, and changes nothing', async () => {
    const albums = Number(
      (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM albums'))[0]?.n,
    );
    const res = await form({ section: 'new', title: 'Visitor album' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'need_auth' });
    const id = await create({ title: 'Alice only' });
    const up = await upload(id, [{ data: await photo(), name: 'a.jpg' }], null);
    expect(up.statusCode).toBe(401);
    expect(up.json().code).toBe('need_auth');
    expect(
      Number(
        (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM albums'))[0]?.n,
      ),
    ).toBe(albums + 1);
    expect((await row(id)).photos_count).toBe(0);
  });

  it('refuses another member every change of the album', async () => {
    const id = await create({ title: 'Not for Bob', desc: 'Mine.' });
    await upload(id, [{ data: await photo(), name: 'a.jpg' }]);
    const before = await row(id);
    const [photoId = 0] = before.photos;
    const changes: Fields[] = [
      { section: 'upd', album_id: String(id), title: 'Bob was here' },
      { section: 'upd', album_id: String(id), cover_photo_id: String(photoId) },
      { section: 'rem', album_id: String(id), photo_id: String(photoId) },
      { section: 'del', album_id: String(id) },
    ];
    for (const fields of changes) {
      const res = await form(fields, bob);
      expect(res.statusCode, fields.section).toBe(403);
      expect(res.json()).toMatchObject({ code: 'no_permission', field: 'album_id' });
    }
    const up = await upload(id, [{ data: await photo(), name: 'b.jpg' }], bob);
    expect(up.statusCode).toBe(403);
    expect(up.json().code).toBe('no_permission');
    expect(await row(id)).toEqual(before);
    // Not a CSRF-less call of the owner either.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/album_edit.php',
      headers: { cookie: alice.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `section=del&album_id=${id}`,
    });
    expect(res.statusCode).toBe(403);
    expect(await row(id)).toEqual(before);
  });

  it('answers not_found for an album that is not there or deleted', async () => {
    const gone = await makeAlbum(t.database, alice.userId, { statusId: 5 });
    for (const albumId of [gone.id, 99_999]) {
      const res = await form({ section: 'upd', album_id: String(albumId), title: 'Back' }, alice);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', field: 'album_id' });
      const up = await upload(albumId, [{ data: await photo(), name: 'a.jpg' }]);
      expect(up.statusCode).toBe(404);
    }
  });
});

describe('refusing bad files and bad input', () => {
  let id = 0;
  beforeAll(async () => {
    id = await create({ title: 'Strict album' });
  });

  const refused = async (res: Awaited<ReturnType<typeof upload>>, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code, codes: [{ field: 'file', code }] });
    expect((await row(id)).photos_count).toBe(0);
    expect(existsSync(path.join(t.config.mediaDir, albumDir(id)))).toBe(false);
  };

  it('refuses what is not a JPEG, PNG or WebP, whatever its name and type say', async () => {
    const gif = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#000' },
    })
      .gif()
      .toBuffer();
    for (const data of [
      Buffer.from('this is not a photo, only text named .jpg'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>'),
      gif,
      (await photo()).subarray(0, 200),
    ]) {
      await refused(await upload(id, [{ data, name: 'holiday.jpg' }]), 400, 'file_invalid_type');
    }
  });

  it('stores nothing of a call when one of its files is bad, and says which', async () => {
    const res = await upload(id, [
      { data: await photo(), name: 'good.jpg' },
      { data: Buffer.from('broken'), name: 'bad.jpg' },
    ]);
    await refused(res, 400, 'file_invalid_type');
    expect(res.json().info).toEqual({ file: 2 });
  });

  it('refuses a photo under 100x100 and a file over 10 MB', async () => {
    const small = await upload(id, [{ data: await photo(99, 300), name: 'small.jpg' }]);
    await refused(small, 400, 'invalid_img_size');
    expect(small.json().info).toMatchObject({ width: 100, height: 100, file: 1 });
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0xff);
    await refused(await upload(id, [{ data: big, name: 'big.jpg' }]), 413, 'file_too_large');
  });

  it('refuses a call without a file, or with more files than a call may carry', async () => {
    const none = await upload(id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ codes: [{ field: 'file', code: 'required' }] });
    const tiny = await photo(120, 120);
    const many = Array.from({ length: ALBUM_LIMITS.filesPerRequest + 1 }, (_, i) => ({
      data: tiny,
      name: `${i}.jpg`,
    }));
    const res = await upload(id, many);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
    expect((await row(id)).photos_count).toBe(0);
  });

  it(`keeps an album at ${ALBUM_LIMITS.photosMax} photos`, async () => {
    const full = await create({ title: 'Nearly full' });
    await upload(full, [{ data: await photo(), name: 'a.jpg' }]);
    // As if it held all but one already.
    await t.database.query('UPDATE albums SET photos_count = $2 WHERE id = $1', [
      full,
      ALBUM_LIMITS.photosMax - 1,
    ]);
    const two = await upload(full, [
      { data: await photo(), name: 'b.jpg' },
      { data: await photo(), name: 'c.jpg' },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({
      code: 'album_photos_limit',
      info: { max: ALBUM_LIMITS.photosMax },
    });
    expect((await row(full)).photos).toHaveLength(1);
    const one = await upload(full, [{ data: await photo(), name: 'b.jpg' }]);
    expect(one.statusCode, one.body).toBe(200);
  });

  it('refuses NUL and its neighbours in any text field, as a form and as multipart', async () => {
    for (const bad of HOSTILE_WELL_FORMED) {
      const res = await form({ section: 'new', title: `Trip ${bad}` }, alice);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_characters', field: 'title' });
      const upd = await multipart({ section: 'upd', album_id: String(id), desc: bad }, [], alice);
      expect(upd.statusCode).toBe(400);
      expect(upd.json()).toMatchObject({ code: 'invalid_characters', field: 'desc' });
    }
    expect(await row(id)).toMatchObject({ title: 'Strict album', description: '' });
  });

  it('answers a broken multipart body with 400 bad_request', async () => {
    const headers = { ...alice.headers };
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary here'],
      [
        'multipart/form-data; boundary=XYZ',
        `--XYZ\r\nContent-Disposition: form-data; name="section"\r\n\r\nadd\r\n--XYZ\r\nContent-Disposition: form-data; name="album_id"\r\n\r\n${id}\r\n--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff cut`,
      ],
      ['multipart/form-data; boundary=XYZ', 'random bytes without any part'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/album_edit.php',
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, payload.slice(0, 30)).toBe(400);
      expect(res.json().error).toBeTypeOf('string');
    }
    expect((await row(id)).photos_count).toBe(0);
  });

  it('refuses bad fields of a new album by name, with nothing made', async () => {
    const res = await form({ section: 'new', title: 'ab', desc: 'x'.repeat(501) }, alice);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'min_length',
      field: 'title',
      codes: [
        { field: 'title', code: 'min_length' },
        { field: 'desc', code: 'max_length' },
      ],
    });
    expect((await form({ section: 'open' }, alice)).json()).toMatchObject({ field: 'section' });
  });
});

describe('editing an album', () => {
  let id = 0;
  let photos: number[] = [];
  beforeAll(async () => {
    id = await create({ title: 'Editable', desc: 'First words.' });
    await upload(id, [
      { data: await photo(640, 480, '#aa0000'), name: 'a.jpg' },
      { data: await photo(640, 480, '#00aa00'), name: 'b.jpg' },
      { data: await photo(640, 480, '#0000aa'), name: 'c.jpg' },
    ]);
    photos = (await row(id)).photos;
  });

  it('changes the fields given and keeps the others; the cached album shows it at once', async () => {
    expect((await albumAs(id, undefined, 86400)).title).toBe('Editable');
    const res = await form({ section: 'upd', album_id: String(id), title: 'Edited trip' }, alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().album).toMatchObject({ title: 'Edited trip', dir: 'edited-trip' });
    expect(await row(id)).toMatchObject({ title: 'Edited trip', description: 'First words.' });
    expect((await albumAs(id, undefined, 86400)).title).toBe('Edited trip');
  });

  it('sets the cover to one of its photos and orders its photos', async () => {
    const [a = 0, b = 0, c = 0] = photos;
    const res = await form(
      { section: 'upd', album_id: String(id), cover_photo_id: String(c), order: `${c},${a},${b}` },
      alice,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(id)).toMatchObject({ cover_photo_id: c, photos: [c, a, b] });
    const album = await albumAs(id);
    expect(album.photos.map((p) => Number(p.photo_id))).toEqual([c, a, b]);
    expect(album.scr).toBe(album.photos[0]?.thumb);
  });

  it('refuses a cover or an order that is not this album’s photos', async () => {
    const other = await makeAlbum(t.database, alice.userId);
    const before = await row(id);
    const [a = 0, b = 0] = photos;
    for (const [fields, field] of [
      [{ cover_photo_id: String(other.photoIds[0]) }, 'cover_photo_id'],
      [{ order: `${a},${b}` }, 'order'],
      [{ order: `${photos.join(',')},${other.photoIds[0]}` }, 'order'],
    ] as const) {
      const res = await form({ section: 'upd', album_id: String(id), ...fields }, alice);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_params', field });
    }
    expect(await row(id)).toEqual(before);
  });

  it('removes a photo: counter, cover and files follow', async () => {
    const album = await albumAs(id);
    const cover = album.photos[0];
    const res = await form(
      { section: 'rem', album_id: String(id), photo_id: cover?.photo_id ?? '' },
      alice,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await row(id);
    expect(after.photos_count).toBe(2);
    expect(after.photos).toHaveLength(2);
    expect(after.cover_photo_id).toBe(after.photos[0]);
    expect((await get(cover?.url ?? '')).statusCode).toBe(404);
    expect((await get(cover?.thumb ?? '')).statusCode).toBe(404);
    const again = await form(
      { section: 'rem', album_id: String(id), photo_id: cover?.photo_id ?? '' },
      alice,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'not_found', field: 'photo_id' });
  });
});

describe('private albums', () => {
  let id = 0;
  let publicId = 0;
  beforeAll(async () => {
    publicId = await create({ title: 'Open to all' });
    await upload(publicId, [{ data: await photo(), name: 'open.jpg' }]);
    id = await create({ title: 'Only mine', private: '1' });
    await upload(id, [{ data: await photo(), name: 'secret.jpg' }]);
  });

  it('stays out of every list but its owner’s own', async () => {
    const titles = (body: { albums: { title: string }[] }) => body.albums.map((a) => a.title);
    const everyone = await listed({});
    expect(titles(everyone.body)).toContain('Open to all');
    expect(titles(everyone.body)).not.toContain('Only mine');
    for (const session of [undefined, bob]) {
      const tab = await listed({ section: 'members', objectId: alice.userId }, session);
      expect(titles(tab.body)).toContain('Open to all');
      expect(titles(tab.body)).not.toContain('Only mine');
    }
    const own = await listed({ section: 'members', objectId: alice.userId, lifetime: 0 }, alice);
    expect(own.res.headers['cache-control']).toBe('no-store');
    const mine = own.body.albums.find((a) => a.title === 'Only mine');
    expect(mine?.private).toBe('1');
    // Its cover is no public file: the owner's list carries it signed.
    expect(mine?.scr).toMatch(/^\/media\/s\/\d+\/[\w-]+\/albums\//);
    expect((await get(mine?.scr ?? '')).statusCode).toBe(200);
    const cached = await listed({ section: 'members', objectId: alice.userId }, alice);
    expect(cached.res.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('shows its photos to no visitor, and serves none of its files unsigned', async () => {
    const seen = await albumAs(id);
    expect(seen).toMatchObject({ is_private: '1', photos: [], scr: '/placeholder.svg' });
    const member = await albumAs(id, alice);
    const [shown] = member.photos;
    expect(shown?.url).toMatch(/^\/media\/s\//);
    expect((await get(shown?.url ?? '')).statusCode).toBe(200);
    const unsigned = (shown?.url ?? '').replace(/^\/media\/s\/\d+\/[\w-]+\//, '/media/');
    expect((await get(unsigned)).statusCode).toBe(404);
    expect((await get(unsigned.replace('.jpg', '_thumb.webp'))).statusCode).toBe(404);
  });

  it('leaves the public lists once made private, at once', async () => {
    const before = await listed({});
    expect(before.body.albums.map((a) => a.title)).toContain('Open to all');
    await form({ section: 'upd', album_id: String(publicId), private: '1' }, alice);
    const after = await listed({});
    expect(after.body.albums.map((a) => a.title)).not.toContain('Open to all');
  });
});

describe('deleting an album', () => {
  it('takes it, its photos and its files away, out of every list', async () => {
    const id = await create({ title: 'Short lived' });
    const up = await upload(id, [{ data: await photo(), name: 'a.jpg' }]);
    const [shown] = albumEditAnswerSchema.parse(up.json()).album?.photos ?? [];
    expect((await get(shown?.url ?? '')).statusCode).toBe(200);
    expect((await listed({})).body.albums.map((a) => a.title)).toContain('Short lived');
    await albumAs(id, undefined, 86400);

    const res = await form({ section: 'del', album_id: String(id) }, alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: 1 });
    expect((await get(albumPath(86400, id))).statusCode).toBe(404);
    expect((await listed({})).body.albums.map((a) => a.title)).not.toContain('Short lived');
    expect((await get(shown?.url ?? '')).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.mediaDir, albumDir(id)))).toBe(false);
    expect(await t.database.query('SELECT 1 FROM photos WHERE album_id = $1', [id])).toHaveLength(
      0,
    );
    expect((await form({ section: 'del', album_id: String(id) }, alice)).statusCode).toBe(404);
  });
});

describe('album views', () => {
  it('counts a view of an active album once per visitor in the window', async () => {
    const id = await create({ title: 'Watched' });
    const view = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/stat.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `act=view&section=album&object_id=${id}`,
      });
    expect((await view()).statusCode).toBe(200);
    expect((await view()).statusCode).toBe(200);
    expect((await albumAs(id)).album_viewed).toBe('1');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/stat.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'act=view&section=album&object_id=999999',
    });
    expect(missing.statusCode).toBe(404);
  });
});
