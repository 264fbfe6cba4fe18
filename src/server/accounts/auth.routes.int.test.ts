import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { solvedCaptcha } from '../../../tests/support/captcha.ts';
import { makeAlbum, makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { signInAs } from '../../../tests/support/session.ts';
import { startMailbox, type TestMailbox } from '../../../tests/support/smtp.ts';
import { videoPath } from '../../contracts/paths.ts';
import { albumPath } from '../../contracts/playlists.paths.ts';

// Accounts over HTTP on a real database, with mail through a real SMTP server: sign-up,
// confirmation, sign-in, sessions, CSRF, logout, the per-address limit and password reset
// (password guessing at one account: sign-in-guard.int.test.ts).

let t: TestApp;
let mailbox: TestMailbox;
let addressCounter = 0;
/** Each test signs in from its own address, so per-address limits never mix tests. */
const nextAddress = () => `198.51.100.${++addressCounter}`;

function post(
  url: string,
  fields: Record<string, string>,
  opts: { cookie?: string; csrf?: string; address?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    ...opts.headers,
  };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.csrf) headers['x-csrf-token'] = opts.csrf;
  return t.app.inject({
    method: 'POST',
    url,
    headers,
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: opts.address ?? '203.0.113.9',
  });
}

function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'sid');
}

async function signUp(username: string, address = nextAddress()) {
  const before = mailbox.messages.length;
  const email = `${username}@mail.test`;
  const captcha = await solvedCaptcha(t.app, 'signup');
  const res = await post(
    '/api/signup.php',
    { username, email, pwd: 'secret-pass', captcha },
    { address },
  );
  expect(res.json()).toEqual({ success: 1 });
  const { link } = await mailbox.next(email, { after: before });
  return { email, link };
}

async function logIn(usr: string, pwd: string, address = nextAddress()) {
  const res = await post('/api/login.php', { usr, pwd }, { address });
  const sid = sessionCookie(res);
  return { res, cookie: sid ? `sid=${sid.value}` : '', csrf: String(res.json().csrf ?? '') };
}

async function userRow(username: string) {
  const [row] = await t.database.query<{ id: number; status: number }>(
    'SELECT id, status FROM users WHERE lower(username) = lower($1)',
    [username],
  );
  return row;
}

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'http://site.test' } });
});

afterAll(async () => {
  await t.close();
  await mailbox.close();
});

describe('sign-up and confirmation', () => {
  it('refuses bad input per field and creates nothing', async () => {
    const before = await t.database.query('SELECT id FROM users');
    const empty = await post('/api/signup.php', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().codes).toEqual([
      { field: 'username', code: 'required' },
      { field: 'email', code: 'required' },
      { field: 'pwd', code: 'required' },
      { field: 'captcha', code: 'captcha_required' },
    ]);
    const captcha = await solvedCaptcha(t.app, 'signup');
    const bad = await post('/api/signup.php', {
      username: 'no spaces',
      email: 'x@',
      pwd: '1234',
      captcha,
    });
    expect(bad.json().codes).toEqual([
      { field: 'username', code: 'username_invalid' },
      { field: 'email', code: 'email_invalid' },
      { field: 'pwd', code: 'min_length' },
    ]);
    const short = await post('/api/signup.php', {
      username: 'ab',
      email: 'a@b.co',
      pwd: 'secret',
      captcha,
    });
    expect(short.json().codes).toEqual([{ field: 'username', code: 'min_length' }]);
    // Not a form at all: arrays and nested values are empty fields, never a 500.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      payload: { username: ['a'], email: { x: 1 }, pwd: 5 },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('required');
    expect(await t.database.query('SELECT id FROM users')).toHaveLength(before.length);
  });

  it('mails a confirmation link; the account signs in only once confirmed', async () => {
    const { link } = await signUp('Newcomer');
    expect(link).toMatch(/^http:\/\/site\.test\/api\/confirm\.php\?token=[\w-]{43}$/);
    expect((await userRow('newcomer'))?.status).toBe(0);

    const early = await logIn('newcomer', 'secret-pass');
    expect(early.res.statusCode).toBe(400);
    expect(early.res.json().codes).toEqual([{ field: 'usr', code: 'not_confirmed' }]);
    expect(early.cookie).toBe('');

    const confirm = await t.app.inject({
      method: 'GET',
      url: link.replace('http://site.test', ''),
    });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/signin/?confirmed=1');
    expect((await userRow('newcomer'))?.status).toBe(1);

    const login = await logIn('NEWCOMER@mail.test', 'secret-pass');
    expect(login.res.statusCode).toBe(200);
    expect(login.res.json()).toMatchObject({ success: 1, user: { username: 'Newcomer' } });
    const sid = sessionCookie(login.res);
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(login.csrf.length).toBeGreaterThan(20);
  });

  it('sends a forged or unknown confirmation token to the expired notice', async () => {
    for (const token of ['', 'short', 'x'.repeat(43), '<script>']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/confirm.php?token=${encodeURIComponent(token)}`,
      });
      expect(res.headers.location).toBe('/signin/?confirmed=0');
    }
  });

  it('refuses a username or email already taken, whatever the case', async () => {
    await makeUser(t.database, { username: 'Taken' });
    const res = await post('/api/signup.php', {
      username: 'taken',
      email: 'TAKEN@test.example',
      pwd: 'secret-pass',
      captcha: await solvedCaptcha(t.app, 'signup'),
    });
    expect(res.json().codes).toEqual([
      { field: 'username', code: 'username_occupied' },
      { field: 'email', code: 'email_occupied' },
    ]);
  });
});

describe('sign-up needs a solved captcha', () => {
  const fields = (username: string) => ({
    username,
    email: `${username}@mail.test`,
    pwd: 'secret-pass',
  });

  it('refuses a missing, wrong, other-action or replayed proof and creates nothing', async () => {
    const before = await t.database.query('SELECT id FROM users');
    const missing = await post('/api/signup.php', fields('robot1'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().codes).toEqual([{ field: 'captcha', code: 'captcha_required' }]);

    const wrong = await post('/api/signup.php', {
      ...fields('robot2'),
      captcha: 'bm90IGEgcHJvb2Y=',
    });
    expect(wrong.json().codes).toEqual([{ field: 'captcha', code: 'captcha_invalid' }]);

    const forLogin = await post('/api/signup.php', {
      ...fields('robot3'),
      captcha: await solvedCaptcha(t.app, 'login'),
    });
    expect(forLogin.json().codes).toEqual([{ field: 'captcha', code: 'captcha_invalid' }]);
    expect(await t.database.query('SELECT id FROM users')).toHaveLength(before.length);

    const captcha = await solvedCaptcha(t.app, 'signup');
    const first = await post('/api/signup.php', { ...fields('human1'), captcha });
    expect(first.json()).toEqual({ success: 1 });
    const replay = await post('/api/signup.php', { ...fields('human2'), captcha });
    expect(replay.json().codes).toEqual([{ field: 'captcha', code: 'captcha_invalid' }]);
    expect(await userRow('human2')).toBeUndefined();
  });

  it('asks for the proof before telling whether a name is taken', async () => {
    await makeUser(t.database, { username: 'Occupant' });
    const res = await post('/api/signup.php', {
      username: 'occupant',
      email: 'occupant@test.example',
      pwd: 'secret-pass',
    });
    expect(res.json().codes).toEqual([{ field: 'captcha', code: 'captcha_required' }]);
  });
});

describe('sessions', () => {
  let cookie: string;
  let csrf: string;
  let videoId: number;

  beforeAll(async () => {
    const { link } = await signUp('sessionuser');
    await t.app.inject({ method: 'GET', url: link.replace('http://site.test', '') });
    ({ cookie, csrf } = await logIn('sessionuser', 'secret-pass'));
    const uploader = await makeUser(t.database);
    videoId = (await makeVideo(t.database, uploader.id)).id;
  });

  it('answers a member POST only with the session CSRF token', async () => {
    const vote = { act: 'vote', section: 'video', object_id: String(videoId), vote: '1' };
    const missing = await post('/api/stat.php', vote, { cookie });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('csrf_failed');
    const wrong = await post('/api/stat.php', vote, { cookie, csrf: `${csrf.slice(0, -2)}xx` });
    expect(wrong.json().code).toBe('csrf_failed');
    const [before] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM votes');

    const ok = await post('/api/stat.php', vote, { cookie, csrf });
    expect(ok.statusCode).toBe(200);
    const member = await userRow('sessionuser');
    const [recorded] = await t.database.query<{ user_id: number }>(
      'SELECT user_id FROM votes WHERE object_id = $1',
      [videoId],
    );
    expect(Number(recorded?.user_id)).toBe(Number(member?.id));
    const [after] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM votes');
    expect(Number(after?.n)).toBe(Number(before?.n) + 1);
  });

  it('refuses cross-site POSTs, signed in or not', async () => {
    const crossSite = await post(
      '/api/login.php',
      { usr: 'sessionuser', pwd: 'secret-pass' },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('csrf_failed');
    expect(sessionCookie(crossSite)).toBeUndefined();
    const otherOrigin = await post(
      '/api/login.php',
      { usr: 'sessionuser', pwd: 'secret-pass' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(otherOrigin.json().code).toBe('csrf_failed');
  });

  it('rotates the session at sign-in: the old cookie stops working', async () => {
    const first = await logIn('sessionuser', 'secret-pass');
    const res = await post(
      '/api/login.php',
      { usr: 'sessionuser', pwd: 'secret-pass' },
      { cookie: first.cookie, csrf: first.csrf },
    );
    const second = sessionCookie(res)?.value;
    expect(second).toBeDefined();
    expect(`sid=${second}`).not.toBe(first.cookie);
    const [old] = await t.database.query('SELECT 1 FROM sessions WHERE id_hash = $1', [
      (await import('./account.service.ts')).tokenHash(first.cookie.slice(4)),
    ]);
    expect(old).toBeUndefined();
  });

  it('ends the session when the logout cookie comes', async () => {
    const session = await logIn('sessionuser', 'secret-pass');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/json/video/0/0/0/1.json',
      headers: { cookie: `${session.cookie}; logout=1` },
    });
    const cleared = res.cookies.filter((c) => c.name === 'sid' || c.name === 'logout');
    expect(cleared.map((c) => c.name).sort()).toEqual(['logout', 'sid']);
    for (const c of cleared) expect(c.value).toBe('');
    // The old session no longer counts: a POST with it is a visitor's, without CSRF token.
    const vote = await post(
      '/api/stat.php',
      { act: 'view', section: 'video', object_id: String(videoId) },
      { cookie: session.cookie },
    );
    expect(vote.statusCode).toBe(200);
  });
});

describe('sign-in failures', () => {
  it('answers the same for an unknown account and a wrong password', async () => {
    await signUp('knownuser');
    const unknown = await logIn('nobody-here', 'secret-pass');
    const wrong = await logIn('knownuser', 'wrong-pass');
    expect(unknown.res.json()).toEqual(wrong.res.json());
    expect(wrong.res.json().codes).toEqual([{ field: 'pwd', code: 'invalid_usr_or_pwd' }]);
    const short = await logIn('ab', 'x');
    expect(short.res.json().codes).toEqual([{ field: 'pwd', code: 'invalid_usr_or_pwd' }]);
  });

  it('limits sign-in attempts per address', async () => {
    const address = nextAddress();
    const codes: number[] = [];
    for (let i = 0; i < 51; i++) {
      const { res } = await logIn(`ghost${i}`, 'whatever', address);
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 50).every((s) => s === 400)).toBe(true);
    expect(codes[50]).toBe(429);
    const other = await logIn('ghost', 'whatever', nextAddress());
    expect(other.res.statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it('mails a link; the new password signs in, the old one and old sessions do not', async () => {
    const { email, link } = await signUp('forgetful');
    await t.app.inject({ method: 'GET', url: link.replace('http://site.test', '') });
    const oldSession = await logIn('forgetful', 'secret-pass');

    const unknown = await post('/api/restore.php', { email: 'nobody@mail.test' });
    expect(unknown.json().codes).toEqual([{ field: 'email', code: 'eml_doesnt_exist' }]);
    const invalid = await post('/api/restore.php', { email: 'not-an-email' });
    expect(invalid.json().codes).toEqual([{ field: 'email', code: 'email_invalid' }]);

    const before = mailbox.messages.length;
    const asked = await post('/api/restore.php', { email: email.toUpperCase() });
    expect(asked.json()).toEqual({ success: 1 });
    const mail = await mailbox.next(email, { after: before });
    expect(mail.mail.subject).toContain('Reset your password');
    const token = new URL(mail.link).searchParams.get('token') ?? '';
    expect(mail.link).toMatch(/^http:\/\/site\.test\/restore-password\/\?token=/);

    const tooShort = await post('/api/restore.php', { token, pwd: '123' });
    expect(tooShort.json().codes).toEqual([{ field: 'pwd', code: 'min_length' }]);
    const forged = await post('/api/restore.php', { token: 'A'.repeat(43), pwd: 'brand-new' });
    expect(forged.json().codes).toEqual([{ field: 'token', code: 'link_expired' }]);
    expect((await logIn('forgetful', 'secret-pass')).res.statusCode).toBe(200);

    const done = await post('/api/restore.php', { token, pwd: 'brand-new' });
    expect(done.json()).toEqual({ success: 1 });
    expect(sessionCookie(done)?.value).toBeTruthy();
    expect((await logIn('forgetful', 'secret-pass')).res.statusCode).toBe(400);
    expect((await logIn('forgetful', 'brand-new')).res.statusCode).toBe(200);
    const [stale] = await t.database.query('SELECT 1 FROM sessions WHERE id_hash = $1', [
      (await import('./account.service.ts')).tokenHash(oldSession.cookie.slice(4)),
    ]);
    expect(stale).toBeUndefined();

    const again = await post('/api/restore.php', { token, pwd: 'other-pass' });
    expect(again.json().codes).toEqual([{ field: 'token', code: 'link_expired' }]);
  });
});

describe('the session cookie over https', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ env: { PUBLIC_URL: 'https://site.test' } });
  });
  afterAll(async () => {
    await secure?.close();
  });

  it('is __Host-sid: Secure, Path=/, no Domain; a plain sid is no session there', async () => {
    const member = await signInAs(secure.app, secure.database);
    expect(member.cookie).toMatch(/^__Host-sid=[\w-]+$/);
    const attributes = member.setCookie.split(/;\s*/).slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']),
    );
    expect(attributes.some((a) => /^domain=/i.test(a))).toBe(false);

    // A private album: the visitors' copy is cached; a member sees its photos.
    const owner = await makeUser(secure.database);
    const { id } = await makeAlbum(secure.database, owner.id, { isPrivate: 1 });
    const photos = async (cookie?: string) =>
      (
        await secure.app.inject({
          url: albumPath(86400, id),
          headers: cookie ? { cookie } : {},
        })
      ).json().album.photos.length;
    expect(await photos()).toBe(0);
    expect(await photos(member.cookie)).toBe(2);
    expect(await photos(member.cookie.replace('__Host-sid=', 'sid='))).toBe(0);
  });

  it('is cleared at logout with the attributes a browser needs to drop it', async () => {
    const member = await signInAs(secure.app, secure.database);
    const res = await secure.app.inject({
      url: videoPath(0, 1),
      headers: { cookie: `${member.cookie}; logout=1` },
    });
    const cleared = [res.headers['set-cookie'] ?? []]
      .flat()
      .find((line) => line.startsWith('__Host-sid=;'));
    expect(cleared).toBeDefined();
    expect(cleared?.split(/;\s*/)).toEqual(expect.arrayContaining(['Path=/', 'Secure']));
  });
});
