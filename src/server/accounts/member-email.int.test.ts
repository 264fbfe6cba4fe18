import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { HOSTILE_ESCAPES } from '../../../tests/support/hostile.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { startMailbox, type TestMailbox } from '../../../tests/support/smtp.ts';
import { tokenHash } from './account.service.ts';

// The email change of `POST /api/member.php` (`section=email`, decision 0034) over HTTP on a
// real database, with mail through a real SMTP server: the current password and a free,
// valid address are needed; the link goes to the new address and a notice to the old one;
// only the link changes the address, once, within its 24 hours; nothing else does.

let t: TestApp;
let mailbox: TestMailbox;
let addressCounter = 0;

const PASSWORD = 'test-password';

function member(fields: Record<string, string>, session?: TestSession) {
  return t.app.inject({
    method: 'POST',
    url: '/api/member.php',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(session?.headers ?? {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Opens a mailed link as a browser would, with or without a session. */
function open(link: string, session?: TestSession) {
  const url = new URL(link);
  return t.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: session ? { cookie: session.cookie } : {},
  });
}

function logIn(usr: string, pwd = PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login.php',
    payload: { usr, pwd },
    remoteAddress: `198.51.100.${++addressCounter}`,
  });
}

async function emailOf(userId: number) {
  const [row] = await t.database.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
    userId,
  ]);
  return row?.email;
}

async function pendingRows(userId: number) {
  return t.database.query<{ new_email: string; token_hash: string }>(
    'SELECT new_email, token_hash FROM email_changes WHERE user_id = $1',
    [userId],
  );
}

/** Asks for `email`; answers the call and the two mails (to the new and the old address). */
async function requestChange(session: TestSession, email: string) {
  const before = mailbox.messages.length;
  const old = (await emailOf(session.userId)) ?? '';
  const res = await member({ section: 'email', email, pwd: PASSWORD }, session);
  expect(res.statusCode, res.body).toBe(200);
  const confirm = await mailbox.next(email, { after: before });
  const notice = await mailbox.next(old, { after: before });
  return { res, confirm, notice };
}

const location = (res: LightMyRequestResponse) => String(res.headers.location);

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'http://site.test' } });
});

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

describe('asking for a new email address', () => {
  it('needs a session and its CSRF token', async () => {
    const visitor = await member({ section: 'email', email: 'x@mail.test', pwd: PASSWORD });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('need_auth');
    const anna = await signInAs(t.app, t.database);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/member.php',
      headers: { cookie: anna.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'section=email&email=x%40mail.test&pwd=test-password',
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await pendingRows(anna.userId)).toEqual([]);
  });

  it('refuses a wrong password, an invalid, occupied or own address, and mails nothing', async () => {
    const anna = await signInAs(t.app, t.database);
    const other = await signInAs(t.app, t.database);
    const before = mailbox.messages.length;
    const cases: [Record<string, string>, { field: string; code: string }[]][] = [
      [
        {},
        [
          { field: 'email', code: 'required' },
          { field: 'pwd', code: 'required' },
        ],
      ],
      [{ email: 'not-an-email', pwd: PASSWORD }, [{ field: 'email', code: 'eml_invalid' }]],
      [
        { email: `${'a'.repeat(250)}@mail.test`, pwd: PASSWORD },
        [{ field: 'email', code: 'eml_invalid' }],
      ],
      [
        { email: 'new@mail.test', pwd: 'wrong-password' },
        [{ field: 'pwd', code: 'invalid_password' }],
      ],
      // Another member's address, whatever its case; and the member's own.
      [
        { email: `${other.username.toUpperCase()}@TEST.example`, pwd: PASSWORD },
        [{ field: 'email', code: 'email_occupied' }],
      ],
      [
        { email: `${anna.username}@test.example`, pwd: PASSWORD },
        [{ field: 'email', code: 'email_occupied' }],
      ],
    ];
    for (const [fields, codes] of cases) {
      const res = await member({ section: 'email', ...fields }, anna);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().codes, JSON.stringify(fields)).toEqual(codes);
    }
    // A taken address is only told to the one who knows the password.
    const guess = await member(
      { section: 'email', email: `${other.username}@test.example`, pwd: 'wrong-password' },
      anna,
    );
    expect(guess.json().codes).toEqual([{ field: 'pwd', code: 'invalid_password' }]);
    expect(await pendingRows(anna.userId)).toEqual([]);
    expect(await emailOf(anna.userId)).toBe(`${anna.username}@test.example`);
    expect(mailbox.messages.length).toBe(before);
  });

  it('refuses hostile input without a change or a 500', async () => {
    const anna = await signInAs(t.app, t.database);
    for (const hostile of HOSTILE_ESCAPES) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/member.php',
        headers: { ...anna.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `section=email&email=new${hostile}%40mail.test&pwd=${PASSWORD}`,
      });
      expect(res.statusCode, hostile).toBe(400);
    }
    // A header break in the address never reaches a mail.
    const header = await member(
      { section: 'email', email: 'new@mail.test\r\nBcc: all@mail.test', pwd: PASSWORD },
      anna,
    );
    expect(header.statusCode).toBe(400);
    // Arrays and objects are no address.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/member.php',
      headers: anna.headers,
      payload: { section: 'email', email: ['a@mail.test', 'b@mail.test'], pwd: { $ne: '' } },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().codes).toEqual([
      { field: 'email', code: 'required' },
      { field: 'pwd', code: 'required' },
    ]);
    expect(await pendingRows(anna.userId)).toEqual([]);
  });

  it('mails a link to the new address and a notice to the old one; the address stays', async () => {
    const anna = await signInAs(t.app, t.database);
    const { res, confirm, notice } = await requestChange(anna, 'Anna.New@mail.test');
    expect(res.json().member).toMatchObject({
      email: `${anna.username}@test.example`,
      pending_email: 'Anna.New@mail.test',
    });
    expect(confirm.link).toMatch(/^http:\/\/site\.test\/api\/confirm_email\.php\?token=[\w-]{43}$/);
    expect(confirm.mail.subject).toBe('Confirm your new email for Afterglow');
    expect(confirm.mail.text).toContain('24 hours');
    // The notice names the new address only in part, and offers the reset.
    expect(notice.mail.subject).toBe('Your email at Afterglow is about to change');
    expect(notice.mail.text).toContain('A***@mail.test');
    expect(notice.mail.text).not.toContain('Anna.New@mail.test');
    expect(notice.link).toBe('http://site.test/restore-password/');
    // Stored hashed; the account keeps its address and signs in with it.
    const token = new URL(confirm.link).searchParams.get('token') ?? '';
    expect(await pendingRows(anna.userId)).toEqual([
      { new_email: 'Anna.New@mail.test', token_hash: tokenHash(token) },
    ]);
    expect(await emailOf(anna.userId)).toBe(`${anna.username}@test.example`);
    expect((await logIn(`${anna.username}@test.example`)).statusCode).toBe(200);
    expect((await logIn('Anna.New@mail.test')).statusCode).toBe(400);
    const profile = await member({ section: 'get' }, anna);
    expect(profile.json().member.pending_email).toBe('Anna.New@mail.test');
  });

  it('mails at most three times an hour', async () => {
    const anna = await signInAs(t.app, t.database);
    for (let n = 1; n <= 3; n++) await requestChange(anna, `try${n}@mail.test`);
    const fourth = await member({ section: 'email', email: 'try4@mail.test', pwd: PASSWORD }, anna);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().codes).toEqual([{ field: 'email', code: 'too_many_attempts' }]);
    expect((await pendingRows(anna.userId))[0]?.new_email).toBe('try3@mail.test');
  });
});

describe('opening the link', () => {
  it('changes the address once; sign-in goes by the new one; reuse is refused', async () => {
    const anna = await signInAs(t.app, t.database);
    const { confirm } = await requestChange(anna, 'anna.moved@mail.test');

    // Opened elsewhere (a phone's mail app): no session there.
    const opened = await open(confirm.link);
    expect(opened.statusCode).toBe(302);
    expect(location(opened)).toBe('/signin/?email=changed');
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(await emailOf(anna.userId)).toBe('anna.moved@mail.test');
    expect(await pendingRows(anna.userId)).toEqual([]);
    expect((await logIn('anna.moved@mail.test')).statusCode).toBe(200);
    expect((await logIn(`${anna.username}@test.example`)).statusCode).toBe(400);
    // Sessions stay: the password did not change.
    const profile = await member({ section: 'get' }, anna);
    expect(profile.json().member).toMatchObject({
      email: 'anna.moved@mail.test',
      pending_email: '',
    });

    const again = await open(confirm.link);
    expect(location(again)).toBe('/signin/?email=expired');
    const signedIn = await open(confirm.link, anna);
    expect(location(signedIn)).toBe('/edit/?email=expired');
  });

  it('sends the member’s own signed-in browser back to the profile', async () => {
    const anna = await signInAs(t.app, t.database);
    const bob = await signInAs(t.app, t.database);
    const first = await requestChange(anna, 'anna.here@mail.test');
    expect(location(await open(first.confirm.link, anna))).toBe('/edit/?email=changed');
    // Another member's browser opening someone's link: the change happens, the page is sign-in.
    const second = await requestChange(anna, 'anna.there@mail.test');
    expect(location(await open(second.confirm.link, bob))).toBe('/signin/?email=changed');
    expect(await emailOf(anna.userId)).toBe('anna.there@mail.test');
    expect(await emailOf(bob.userId)).toBe(`${bob.username}@test.example`);
  });

  it('refuses an expired link, a replaced one, a cancelled one and a made-up one', async () => {
    const anna = await signInAs(t.app, t.database);
    const old = `${anna.username}@test.example`;

    const expired = await requestChange(anna, 'late@mail.test');
    await t.database.query(
      `UPDATE email_changes SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [anna.userId],
    );
    expect((await member({ section: 'get' }, anna)).json().member.pending_email).toBe('');
    expect(location(await open(expired.confirm.link))).toBe('/signin/?email=expired');

    const replaced = await requestChange(anna, 'first@mail.test');
    const latest = await requestChange(anna, 'second@mail.test');
    expect(location(await open(replaced.confirm.link))).toBe('/signin/?email=expired');
    expect(await emailOf(anna.userId)).toBe(old);

    const cancelled = await member({ section: 'email_cancel' }, anna);
    expect(cancelled.json().member).toMatchObject({ email: old, pending_email: '' });
    expect(location(await open(latest.confirm.link))).toBe('/signin/?email=expired');

    for (const token of ['', 'short', 'x'.repeat(43), `${'A'.repeat(42)}%00`, '../../etc']) {
      const res = await t.app.inject({ url: `/api/confirm_email.php?token=${token}` });
      expect([302, 400], token).toContain(res.statusCode);
      if (res.statusCode === 302) expect(location(res)).toBe('/signin/?email=expired');
    }
    expect(await emailOf(anna.userId)).toBe(old);
  });

  it('refuses an address another account took meanwhile, and uses the link up', async () => {
    const anna = await signInAs(t.app, t.database);
    const { confirm } = await requestChange(anna, 'wanted@mail.test');
    await t.database.query(
      `INSERT INTO users (username, email, status) VALUES ('quickertaker', 'WANTED@mail.test', 1)`,
    );
    expect(location(await open(confirm.link))).toBe('/signin/?email=occupied');
    expect(await emailOf(anna.userId)).toBe(`${anna.username}@test.example`);
    expect(location(await open(confirm.link))).toBe('/signin/?email=expired');
  });

  it('is cancelled by a password reset through the old address, whose reset links die with a change', async () => {
    const anna = await signInAs(t.app, t.database);
    const old = `${anna.username}@test.example`;
    const restore = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/restore.php',
        payload: fields,
        remoteAddress: `198.51.100.${++addressCounter}`,
      });

    // The owner reads the notice and resets the password: the pending change goes.
    const hijack = await requestChange(anna, 'hijacker@mail.test');
    let before = mailbox.messages.length;
    expect((await restore({ email: old })).statusCode).toBe(200);
    const reset = await mailbox.next(old, { after: before });
    const token = new URL(reset.link).searchParams.get('token') ?? '';
    expect((await restore({ token, pwd: 'new-password' })).statusCode).toBe(200);
    expect(location(await open(hijack.confirm.link))).toBe('/signin/?email=expired');
    expect(await emailOf(anna.userId)).toBe(old);

    // A reset link mailed to the old address stops working once the address changed.
    const session = await logIn(anna.username, 'new-password');
    const cookie = session.cookies.find((c) => c.name === 'sid');
    const again: TestSession = {
      ...anna,
      cookie: `sid=${cookie?.value}`,
      csrf: String(session.json().csrf),
      headers: { cookie: `sid=${cookie?.value}`, 'x-csrf-token': String(session.json().csrf) },
    };
    before = mailbox.messages.length;
    expect((await restore({ email: old })).statusCode).toBe(200);
    const stale = await mailbox.next(old, { after: before });
    before = mailbox.messages.length;
    const res = await member(
      { section: 'email', email: 'anna.safe@mail.test', pwd: 'new-password' },
      again,
    );
    expect(res.statusCode).toBe(200);
    const confirm = await mailbox.next('anna.safe@mail.test', { after: before });
    expect(location(await open(confirm.link))).toBe('/signin/?email=changed');
    const staleToken = new URL(stale.link).searchParams.get('token') ?? '';
    const late = await restore({ token: staleToken, pwd: 'other-password' });
    expect(late.json().codes).toEqual([{ field: 'token', code: 'link_expired' }]);
  });
});
