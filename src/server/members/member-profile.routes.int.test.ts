import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { memberPath } from '../../contracts/members.paths.ts';

// POST /api/member.php (SPEC.md §6 "own profile via POST", §7) on a real database: a
// member reads and changes only their own profile, every bad field is refused without a
// change, the password change ends the other sessions, and pictures are checked, cropped,
// stripped of metadata and served at their new URL, which the cached public page shows.

let t: TestApp;
let alice: TestSession;
let bob: TestSession;

const form = (fields: Record<string, string>, session?: TestSession) =>
  t.app.inject({
    method: 'POST',
    url: '/api/member.php',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(session?.headers ?? {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });

/** A multipart call as a browser's FormData makes it: `section` first, then the file. */
async function upload(
  section: string,
  file: { data: Buffer; name: string; type: string } | undefined,
  session?: TestSession,
) {
  const body = new FormData();
  body.append('section', section);
  if (file)
    body.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const request = new Request('http://test.local/api/member.php', { method: 'POST', body });
  return t.app.inject({
    method: 'POST',
    url: '/api/member.php',
    headers: {
      'content-type': request.headers.get('content-type') ?? '',
      ...(session?.headers ?? {}),
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** A real picture with EXIF (an artist's name and GPS position) that must not survive. */
function photo(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } },
  });
  return format === 'png'
    ? image.png().toBuffer()
    : image
        .jpeg()
        .withExif({
          IFD0: { Artist: 'Private Person', Copyright: 'secret-owner' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1' },
        })
        .toBuffer();
}

/** Everything of a member the profile call can touch, to compare before and after. */
async function row(userId: number) {
  const [found] = await t.database.query(
    `SELECT gender, birth_date, relationship, orientation, country, city, education,
            occupation, website, interests, about, password_hash, avatar_version,
            cover_version, email, username
       FROM users WHERE id = $1`,
    [userId],
  );
  return found;
}

const publicProfile = (userId: number) =>
  t.app.inject({ method: 'GET', url: memberPath(7200, 'profile', userId) });

beforeAll(async () => {
  t = await createTestApp();
  alice = await signInAs(t.app, t.database, 'profile_alice');
  bob = await signInAs(t.app, t.database, 'profile_bob');
});

afterAll(async () => {
  await t?.close();
});

describe('reading one’s own profile', () => {
  it('refuses a visitor with need_auth, also for an upload', async () => {
    const res = await form({ section: 'get' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('need_auth');
    const up = await upload('u_ava', {
      data: await photo(200, 200),
      name: 'a.jpg',
      type: 'image/jpeg',
    });
    expect(up.statusCode).toBe(401);
    expect(up.json().code).toBe('need_auth');
  });

  it('refuses a signed-in call without the CSRF token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/member.php',
      headers: { cookie: alice.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'section=upd&city=Nowhere',
    });
    expect(res.statusCode).toBe(403);
    expect((await row(alice.userId))?.city).toBe('');
  });

  it('answers the whole own profile, e-mail included, never cached', async () => {
    const res = await form({}, alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      success: 1,
      member: {
        user_id: String(alice.userId),
        username: 'profile_alice',
        email: 'profile_alice@test.example',
        has_avatar: '0',
        has_password: '1',
        cover: '',
        gender: '',
        birth_date: '',
        age: '',
      },
    });
  });

  it('refuses an unknown section', async () => {
    const res = await form({ section: 'everything' }, alice);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ codes: [{ field: 'section', code: 'invalid_params' }] });
  });
});

describe('changing the profile', () => {
  it('changes the own fields only, whatever user_id says, and the cached public page shows them', async () => {
    // The public page is read (and cached) first.
    const before = await publicProfile(alice.userId);
    expect(before.json().member.city).toBe('');
    const bobBefore = await row(bob.userId);
    const year = new Date().getUTCFullYear() - 30;

    const res = await form(
      {
        section: 'upd',
        user_id: String(bob.userId),
        gender: '2',
        birth_date: `${year}-01-02`,
        relationship: '3',
        orientation: '5',
        country: 'NL',
        city: 'Utrecht',
        education: 'Art school',
        occupation: 'Designer',
        website: 'alice.example.com',
        interests: 'Cycling, films',
        about: 'Hello\r\nthere',
      },
      alice,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().member).toMatchObject({
      gender: '2',
      birth_date: `${year}-01-02`,
      age: expect.stringMatching(/^(29|30)$/),
      relationship: '3',
      orientation: '5',
      country: 'nl',
      city: 'Utrecht',
      website: 'https://alice.example.com/',
      about: 'Hello\nthere',
    });
    expect(await row(bob.userId)).toEqual(bobBefore);

    const after = (await publicProfile(alice.userId)).json().member;
    expect(after).toMatchObject({
      gender: '2',
      relationship: '3',
      orientation: '5',
      country: 'nl',
      city: 'Utrecht',
      education: 'Art school',
      occupation: 'Designer',
      website: 'https://alice.example.com/',
      interests: 'Cycling, films',
      about: 'Hello\nthere',
    });
    // The public profile tells the age, never the birth date or the e-mail.
    expect(after.age).toMatch(/^(29|30)$/);
    expect(JSON.stringify(after)).not.toContain('@test.example');
    expect(JSON.stringify(after)).not.toContain(`${year}-01-02`);
  });

  it('keeps fields left out and clears fields sent empty', async () => {
    const res = await form({ section: 'upd', occupation: '' }, alice);
    expect(res.json().member).toMatchObject({ occupation: '', city: 'Utrecht', gender: '2' });
    const cleared = await form({ section: 'upd', gender: '', country: '' }, alice);
    expect(cleared.json().member).toMatchObject({ gender: '', country: '', city: 'Utrecht' });
    expect(await row(alice.userId)).toMatchObject({ gender: null, country: null });
  });

  const adult = `${new Date().getUTCFullYear() - 25}-05-05`;
  const child = `${new Date().getUTCFullYear() - 17}-01-01`;
  const bad: [string, string, string][] = [
    ['gender', '4', 'invalid_params'],
    ['gender', 'woman', 'invalid_params'],
    ['relationship', '0', 'invalid_params'],
    ['orientation', '6', 'invalid_params'],
    ['birth_date', child, 'invalid_params'],
    ['birth_date', '1990-02-30', 'invalid_params'],
    ['birth_date', '02/03/1990', 'invalid_params'],
    ['birth_date', '1880-01-01', 'invalid_params'],
    ['country', 'zz', 'invalid_params'],
    ['country', 'germany', 'invalid_params'],
    ['website', 'javascript:alert(1)', 'invalid_url'],
    ['website', 'ftp://files.example.com', 'invalid_url'],
    ['website', 'http://localhost', 'invalid_url'],
    ['website', `https://example.com/${'a'.repeat(200)}`, 'max_length'],
    ['city', 'c'.repeat(81), 'max_length'],
    ['education', 'e'.repeat(101), 'max_length'],
    ['occupation', 'o'.repeat(101), 'max_length'],
    ['interests', 'i'.repeat(501), 'max_length'],
    ['about', 'a'.repeat(1501), 'max_length'],
  ];
  for (const [field, value, code] of bad) {
    it(`refuses ${field}=${value.slice(0, 24)} with ${code} and changes nothing`, async () => {
      const before = await row(alice.userId);
      // A good field next to the bad one is not written either.
      const res = await form(
        { section: 'upd', birth_date: adult, city: 'Elsewhere', [field]: value },
        alice,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, field, codes: [{ field, code }] });
      expect(await row(alice.userId)).toEqual(before);
    });
  }

  it('names every failing field at once', async () => {
    const res = await form(
      { section: 'upd', gender: '9', website: 'nope nope', about: 'x'.repeat(2000) },
      alice,
    );
    expect(res.json().codes).toEqual([
      { field: 'gender', code: 'invalid_params' },
      { field: 'website', code: 'invalid_url' },
      { field: 'about', code: 'max_length' },
    ]);
  });

  it('takes JSON too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/member.php',
      headers: alice.headers,
      payload: { section: 'upd', city: 'Leiden' },
    });
    expect(res.json().member.city).toBe('Leiden');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/member.php',
      headers: alice.headers,
      payload: { section: 'upd', city: ['Leiden'] },
    });
    expect(wrong.json()).toMatchObject({ codes: [{ field: 'city', code: 'invalid_params' }] });
  });
});

describe('changing the password', () => {
  it('needs the current password, then ends the other sessions and keeps this one', async () => {
    const carol = await signInAs(t.app, t.database, 'profile_carol');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      payload: { usr: 'profile_carol', pwd: 'test-password' },
    });
    const otherCookie = `sid=${other.cookies.find((c) => c.name === 'sid')?.value}`;
    const asOther = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/member.php',
        headers: { cookie: otherCookie, 'x-csrf-token': String(other.json().csrf) },
        payload: { section: 'get' },
      });
    expect((await asOther()).statusCode).toBe(200);
    const hash = (await row(carol.userId))?.password_hash;

    const empty = await form({ section: 'pwd', pwd: '', new_pwd: '123' }, carol);
    expect(empty.json().codes).toEqual([
      { field: 'pwd', code: 'required' },
      { field: 'new_pwd', code: 'min_length' },
    ]);
    const wrong = await form(
      { section: 'pwd', pwd: 'not-my-password', new_pwd: 'brand-new' },
      carol,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ codes: [{ field: 'pwd', code: 'invalid_password' }] });
    expect((await row(carol.userId))?.password_hash).toBe(hash);
    expect((await asOther()).statusCode).toBe(200);

    const right = await form({ section: 'pwd', pwd: 'test-password', new_pwd: 'brand-new' }, carol);
    expect(right.json()).toEqual({ success: 1 });
    expect((await asOther()).json().code).toBe('need_auth');
    expect((await form({ section: 'get' }, carol)).statusCode).toBe(200);

    const login = (pwd: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { usr: 'profile_carol', pwd },
      });
    expect((await login('test-password')).json().code).toBe('invalid_usr_or_pwd');
    expect((await login('brand-new')).statusCode).toBe(200);
  });
});

describe('avatar and cover', () => {
  /** The stored picture behind a URL of the answer, through the public media route. */
  async function served(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    return sharp(res.rawPayload).metadata();
  }

  it('refuses a cover under 1250x250 as a notify code with the minimum', async () => {
    const res = await upload(
      'u_cover',
      { data: await photo(1249, 400), name: 'c.jpg', type: 'image/jpeg' },
      alice,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_img_size',
      codes: [{ field: 'notify', code: 'invalid_img_size' }],
      info: { width: 1250, height: 250 },
    });
    const avatar = await upload(
      'u_ava',
      { data: await photo(99, 300, 'png'), name: 'a.png', type: 'image/png' },
      alice,
    );
    expect(avatar.json()).toMatchObject({
      code: 'invalid_img_size',
      info: { width: 100, height: 100 },
    });
    expect(await row(alice.userId)).toMatchObject({ avatar_version: 0, cover_version: 0 });
  });

  it('refuses what is not an image, whatever its name and type say', async () => {
    for (const data of [
      Buffer.from('GIF89a but not really an image'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"/>'),
    ]) {
      const res = await upload('u_ava', { data, name: 'a.jpg', type: 'image/jpeg' }, alice);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ codes: [{ field: 'file', code: 'file_invalid_type' }] });
    }
    const none = await upload('u_ava', undefined, alice);
    expect(none.json()).toMatchObject({ codes: [{ field: 'file', code: 'required' }] });
    const wrongSection = await upload(
      'upd',
      { data: await photo(200, 200), name: 'a.jpg', type: 'image/jpeg' },
      alice,
    );
    expect(wrongSection.json()).toMatchObject({
      codes: [{ field: 'section', code: 'invalid_params' }],
    });
    expect(await row(alice.userId)).toMatchObject({ avatar_version: 0 });
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
    const res = await upload('u_cover', { data: big, name: 'big.jpg', type: 'image/jpeg' }, alice);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ codes: [{ field: 'file', code: 'file_too_large' }] });
  });

  it('crops, strips and serves a new avatar and cover, shown at once on the cached public page', async () => {
    expect((await publicProfile(alice.userId)).json().member.cover).toBe('');
    const original = await photo(900, 600);
    // The upload carries EXIF (a name, a GPS position) that must not reach the stored file.
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('Private Person');

    const avatar = await upload(
      'u_ava',
      { data: original, name: 'me.jpg', type: 'image/jpeg' },
      alice,
    );
    expect(avatar.statusCode).toBe(200);
    const avatarUrl: string = avatar.json().member.avatar;
    expect(avatarUrl).toMatch(
      new RegExp(`^/media/members/\\d+/${alice.userId}/avatar\\.webp\\?v=1$`),
    );
    expect(avatar.json().member.has_avatar).toBe('1');
    const avatarMeta = await served(avatarUrl);
    expect(avatarMeta).toMatchObject({ format: 'webp', width: 320, height: 320 });
    expect(avatarMeta.exif).toBeUndefined();
    expect(avatarMeta.icc).toBeUndefined();

    // A camera-sized file of a few megabytes (noise does not compress).
    const noise = await sharp(randomBytes(2000 * 1000 * 3), {
      raw: { width: 2000, height: 1000, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    const cover = await upload('u_cover', { data: noise, name: 'c.png', type: 'image/png' }, alice);
    expect(cover.statusCode).toBe(200);
    const coverUrl: string = cover.json().member.cover;
    expect(coverUrl).toMatch(/\/cover\.webp\?v=1$/);
    const coverMeta = await served(coverUrl);
    expect(coverMeta).toMatchObject({ format: 'webp', width: 1250, height: 250 });
    expect(coverMeta.exif).toBeUndefined();

    const shown = (await publicProfile(alice.userId)).json().member;
    expect(shown.avatar).toBe(avatarUrl);
    expect(shown.cover).toBe(coverUrl);

    // A second avatar gets a new URL, so no cache keeps showing the first.
    const again = await upload(
      'u_ava',
      { data: await photo(300, 300), name: 'me2.jpg', type: 'image/jpeg' },
      alice,
    );
    expect(again.json().member.avatar).toMatch(/avatar\.webp\?v=2$/);
  });

  it('turns a photo upright by its EXIF orientation before checking its size', async () => {
    // Stored 250 wide and 1250 high, shown turned a quarter: a 1250x250 cover.
    const sideways = await sharp({
      create: { width: 250, height: 1250, channels: 3, background: '#336699' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload('u_cover', { data: sideways, name: 's.jpg', type: 'image/jpeg' }, bob);
    expect(res.statusCode).toBe(200);
    expect(await served(res.json().member.cover)).toMatchObject({ width: 1250, height: 250 });
  });

  it('removes the avatar and the cover', async () => {
    const ava = await form({ section: 'del_ava' }, alice);
    expect(ava.json().member).toMatchObject({ has_avatar: '0', avatar: '/placeholder.svg' });
    const cover = await form({ section: 'del_cover' }, alice);
    expect(cover.json().member.cover).toBe('');
    expect(await row(alice.userId)).toMatchObject({ avatar_version: 0, cover_version: 0 });
    expect((await publicProfile(alice.userId)).json().member).toMatchObject({
      avatar: '/placeholder.svg',
      cover: '',
    });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/media/members/0/${alice.userId}/avatar.webp`,
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('rate limit', () => {
  it('answers rate_limited after 60 calls of one member in ten minutes', async () => {
    const dave = await signInAs(t.app, t.database, 'profile_dave');
    for (let i = 0; i < 60; i++)
      expect((await form({ section: 'get' }, dave)).statusCode).toBe(200);
    const over = await form({ section: 'get' }, dave);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
    // Another member is not held back.
    expect((await form({ section: 'get' }, bob)).statusCode).toBe(200);
  });
});
