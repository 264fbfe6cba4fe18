import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { signInAs } from '../../../tests/support/session.ts';
import { AppError } from '../../contracts/errors.ts';
import { createAccountRepository } from '../accounts/account.repository.ts';
import { createAccountService, tokenHash } from '../accounts/account.service.ts';
import { createSignInGuard } from '../accounts/sign-in-guard.ts';
import { createCaptchaService } from '../captcha/captcha.service.ts';
import { runStaffCommand } from '../commands/staff.cli.ts';
import { createCounterRepository } from '../kernel/db/counter.repository.ts';
import { createMailer } from '../kernel/mail/mailer.ts';
import { hashPassword } from '../kernel/passwords.ts';
import { SECOND_FACTOR, totpCode } from './second-factor.ts';
import { createStaffRepository } from './staff.repository.ts';
import { createStaffService, SECOND_FACTOR_LIMITS, STAFF_SESSION } from './staff.service.ts';

// Staff sign-in over HTTP on a real database (decision 0038): the password step, the code
// step (TOTP or a recovery code), throttling, replay, short sessions, role changes through
// the CLI ending sessions, and Google refusing staff accounts.

const APP_SECRET = 'staff-test-secret-0123456789-abcdefghijklmnop';
const PASSWORD = 'staff-password';
let t: TestApp;
let addressCounter = 0;
const nextAddress = () => `198.51.100.${++addressCounter}`;

function staffService() {
  return createStaffService({
    staff: createStaffRepository(t.database),
    counters: createCounterRepository(t.database),
    secret: APP_SECRET,
    siteName: 'Afterglow',
    hashPassword,
  });
}

async function cli(...args: string[]) {
  const lines: string[] = [];
  const code = await runStaffCommand(args, staffService(), (line) => lines.push(line));
  return { code, text: lines.join('\n') };
}

/** A member made staff through the CLI: its TOTP secret and recovery codes, as printed. */
async function makeStaff(username: string, role = 'admin') {
  const member = await signInAs(t.app, t.database, username);
  const added = await cli('add', username, '--role', role);
  expect(added.code).toBe(0);
  const secret = /secret: ([A-Z2-7]+)/.exec(added.text)?.[1] ?? '';
  const recovery = [...added.text.matchAll(/^ {2}([a-z2-9]{5}-[a-z2-9]{5})$/gm)].map((m) => m[1]);
  expect(secret).not.toBe('');
  expect(recovery).toHaveLength(SECOND_FACTOR.recoveryCodes);
  return { ...member, secret, recovery: recovery as string[], oldCookie: member.cookie };
}

function login(fields: Record<string, string>, address = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: address,
  });
}

async function passwordStep(username: string, address = nextAddress()) {
  const res = await login({ usr: username, pwd: PASSWORD }, address);
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.code).toBe('second_factor_required');
  expect(body.codes).toEqual([{ field: 'otp', code: 'second_factor_required' }]);
  expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  return String(body.info.challenge);
}

const sid = (res: Awaited<ReturnType<typeof login>>) =>
  res.cookies.find((c) => c.name === 'sid')?.value;

/** 200 when the cookie is a live session, 401 otherwise. */
async function signedIn(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/messages.php', headers: { cookie } });
  return res.statusCode;
}

beforeAll(async () => {
  t = await createTestApp({ env: { APP_SECRET, PUBLIC_URL: 'http://site.test' } });
  // signInAs uses its own password: every test account gets PASSWORD instead.
});

afterAll(async () => {
  await t.close();
});

async function setPassword(username: string) {
  await t.database.query('UPDATE users SET password_hash = $2 WHERE lower(username) = lower($1)', [
    username,
    await hashPassword(PASSWORD),
  ]);
}

describe('staff sign-in', () => {
  it('takes the password, then a TOTP code, and starts a 12-hour session', async () => {
    const staff = await makeStaff('adminone');
    await setPassword('adminone');
    // The role change ended the member's session the account had.
    expect(await signedIn(staff.oldCookie)).toBe(401);

    const challenge = await passwordStep('adminone');
    const done = await login({ challenge, otp: await totpCode(staff.secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: 1, user: { username: 'adminone' } });
    const cookie = `sid=${sid(done)}`;
    expect(await signedIn(cookie)).toBe(200);

    const [session] = await t.database.query<{ second_factor: boolean; hours: number }>(
      `SELECT second_factor, extract(epoch FROM expires_at - created_at) / 3600 AS hours
         FROM sessions WHERE user_id = $1`,
      [staff.userId],
    );
    expect(session?.second_factor).toBe(true);
    expect(Math.round(Number(session?.hours))).toBe(STAFF_SESSION.absoluteS / 3600);

    // An hour-stale staff session is marked seen but never extended.
    await t.database.query(
      `UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE user_id = $1`,
      [staff.userId],
    );
    const before = await t.database.query<{ expires_at: string }>(
      'SELECT expires_at::text FROM sessions WHERE user_id = $1',
      [staff.userId],
    );
    expect(await signedIn(cookie)).toBe(200);
    const after = await t.database.query<{ expires_at: string; fresh: boolean }>(
      `SELECT expires_at::text, last_seen_at > now() - interval '1 minute' AS fresh
         FROM sessions WHERE user_id = $1`,
      [staff.userId],
    );
    expect(after[0]?.fresh).toBe(true);
    expect(after[0]?.expires_at).toBe(before[0]?.expires_at);
  });

  it('refuses a wrong code, a replayed code and a forged or missing challenge', async () => {
    const staff = await makeStaff('adminreplay');
    await setPassword('adminreplay');
    const wrongCode = String((Number(await totpCode(staff.secret)) + 1) % 1_000_000).padStart(
      6,
      '0',
    );
    const wrong = await login({ challenge: await passwordStep('adminreplay'), otp: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().codes).toEqual([{ field: 'otp', code: 'second_factor_invalid' }]);
    expect(sid(wrong)).toBeUndefined();

    const code = await totpCode(staff.secret);
    const first = await login({ challenge: await passwordStep('adminreplay'), otp: code });
    expect(first.statusCode).toBe(200);
    const replay = await login({ challenge: await passwordStep('adminreplay'), otp: code });
    expect(replay.json().code).toBe('second_factor_invalid');
    expect(sid(replay)).toBeUndefined();

    const challenge = await passwordStep('adminreplay');
    const [user, expires, nonce] = challenge.split('.');
    const forged = await login({
      challenge: `${Number(user) + 1}.${expires}.${nonce}.${challenge.split('.')[3]}`,
      otp: await totpCode(staff.secret),
    });
    expect(forged.json().codes).toEqual([{ field: 'form', code: 'second_factor_expired' }]);
    const empty = await login({ challenge, otp: '' });
    expect(empty.json().codes).toEqual([{ field: 'otp', code: 'required' }]);
  });

  it(`throttles: after ${SECOND_FACTOR_LIMITS.wrongCodes} wrong codes even the right one waits`, async () => {
    const staff = await makeStaff('adminthrottle', 'moderator');
    await setPassword('adminthrottle');
    for (let i = 0; i < SECOND_FACTOR_LIMITS.wrongCodes; i += 1) {
      const res = await login({ challenge: await passwordStep('adminthrottle'), otp: '000000' });
      expect(res.json().code).toBe('second_factor_invalid');
    }
    const right = await login({
      challenge: await passwordStep('adminthrottle'),
      otp: await totpCode(staff.secret),
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('rate_limited');
    expect(sid(right)).toBeUndefined();

    // The window ends: the owner gets in again (not locked out for good).
    await t.database.query(`UPDATE rate_limits SET reset_at = now() WHERE key = $1`, [
      `staff2fa:fail:u${staff.userId}`,
    ]);
    const later = await login({
      challenge: await passwordStep('adminthrottle'),
      otp: await totpCode(staff.secret),
    });
    expect(later.statusCode).toBe(200);
  });

  it('takes each recovery code once', async () => {
    const staff = await makeStaff('adminrecovery');
    await setPassword('adminrecovery');
    const [code] = staff.recovery;
    const first = await login({
      challenge: await passwordStep('adminrecovery'),
      otp: ` ${code?.toUpperCase()} `,
    });
    expect(first.statusCode).toBe(200);
    const again = await login({ challenge: await passwordStep('adminrecovery'), otp: code ?? '' });
    expect(again.json().code).toBe('second_factor_invalid');
    const listed = await cli('list');
    expect(listed.text).toMatch(/adminrecovery\s+administrator\s+2fa, 9 recovery codes left/);
  });

  it('signs members in exactly as before', async () => {
    const member = await signInAs(t.app, t.database, 'plainmember');
    expect(await signedIn(member.cookie)).toBe(200);
    const [session] = await t.database.query<{ second_factor: boolean; days: number }>(
      `SELECT second_factor, extract(epoch FROM expires_at - created_at) / 86400 AS days
         FROM sessions WHERE user_id = $1`,
      [member.userId],
    );
    expect(session?.second_factor).toBe(false);
    expect(Math.round(Number(session?.days))).toBe(t.config.sessionDays);
  });

  it('after a password reset asks a staff account for its code before any session', async () => {
    const staff = await makeStaff('adminreset');
    const token = 'reset-token-of-adminreset-0123456789abcdefghij';
    await t.database.query(
      `INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at)
       VALUES ($1, $2, 'reset', now() + interval '1 hour')`,
      [tokenHash(token), staff.userId],
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/restore.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, pwd: 'a-new-staff-password' }).toString(),
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('second_factor_required');
    expect(reset.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    // The new password is set and the link is spent: the code step finishes the sign-in.
    const again = await login({ usr: 'adminreset', pwd: 'a-new-staff-password' });
    expect(again.json().code).toBe('second_factor_required');
    const done = await login({
      challenge: String(reset.json().info.challenge),
      otp: await totpCode(staff.secret),
    });
    expect(done.statusCode).toBe(200);
    expect(await signedIn(`sid=${sid(done)}`)).toBe(200);
  });

  it('ends every session when the role changes, and a staff role never rides a plain session', async () => {
    const staff = await makeStaff('admindemoted');
    await setPassword('admindemoted');
    const done = await login({
      challenge: await passwordStep('admindemoted'),
      otp: await totpCode(staff.secret),
    });
    const cookie = `sid=${sid(done)}`;
    expect(await signedIn(cookie)).toBe(200);
    const removed = await cli('remove', 'admindemoted');
    expect(removed).toEqual({
      code: 0,
      text: 'admindemoted was administrator, is now member; every session has ended.',
    });
    // Staff viewers are never cached: the next request already sees no session.
    expect(await signedIn(cookie)).toBe(401);
    // Back to member: the password alone signs in, and the second factor is gone.
    const member = await login({ usr: 'admindemoted', pwd: PASSWORD }, nextAddress());
    expect(member.statusCode).toBe(200);
    expect(
      await t.database.query('SELECT 1 FROM staff_second_factors WHERE user_id = $1', [
        staff.userId,
      ]),
    ).toHaveLength(0);

    // A role set some other way (not the CLI) leaves the member's session, which must not carry it.
    const other = await signInAs(t.app, t.database, 'sneaky');
    await t.database.query('UPDATE users SET role = 2 WHERE id = $1', [other.userId]);
    expect(await signedIn(other.cookie)).toBe(401);
  });

  it('stores the TOTP secret encrypted and only hashes of recovery codes', async () => {
    const staff = await makeStaff('adminstored');
    const [row] = await t.database.query<{ secret_enc: string }>(
      'SELECT secret_enc FROM staff_second_factors WHERE user_id = $1',
      [staff.userId],
    );
    expect(row?.secret_enc).not.toContain(staff.secret);
    const hashes = await t.database.query<{ code_hash: string }>(
      'SELECT code_hash FROM staff_recovery_codes WHERE user_id = $1',
      [staff.userId],
    );
    expect(hashes).toHaveLength(10);
    for (const code of staff.recovery) {
      expect(hashes.some((h) => h.code_hash.includes(code.replace('-', '')))).toBe(false);
    }
  });
});

describe('Google sign-in of a staff account', () => {
  function accounts() {
    const counters = createCounterRepository(t.database);
    const captcha = createCaptchaService({ secret: APP_SECRET, counters });
    return createAccountService({
      accounts: createAccountRepository(t.database),
      guard: createSignInGuard({ counters, captcha }),
      captcha,
      mailer: createMailer({
        smtpUrl: undefined,
        from: 'test@site.test',
        outboxDir: `${t.config.dataDir}/outbox`,
        logger: pino({ level: 'silent' }),
      }),
      site: { name: 'Afterglow', url: 'http://site.test' },
      sessionTtlS: 3600,
      secondFactor: staffService(),
    });
  }
  const client = { ip: '203.0.113.50', userAgent: 'test', lang: 'en' };

  it('is refused with staff_password_required, linked or by email, and starts no session', async () => {
    const staff = await makeStaff('googlestaff');
    const byEmail = accounts().signInWithGoogle(
      {
        sub: 'google-sub-staff',
        email: 'googlestaff@test.example',
        emailVerified: true,
        name: undefined,
        givenName: undefined,
      },
      client,
    );
    await expect(byEmail).rejects.toBeInstanceOf(AppError);
    await expect(byEmail).rejects.toMatchObject({ code: 'staff_password_required' });
    // Not linked on the way either.
    const [row] = await t.database.query<{ google_sub: string | null }>(
      'SELECT google_sub FROM users WHERE id = $1',
      [staff.userId],
    );
    expect(row?.google_sub).toBeNull();

    await t.database.query('UPDATE users SET google_sub = $2 WHERE id = $1', [
      staff.userId,
      'google-sub-linked',
    ]);
    const linked = accounts().signInWithGoogle(
      {
        sub: 'google-sub-linked',
        email: undefined,
        emailVerified: false,
        name: undefined,
        givenName: undefined,
      },
      client,
    );
    await expect(linked).rejects.toMatchObject({ code: 'staff_password_required' });
    expect(
      await t.database.query('SELECT 1 FROM sessions WHERE user_id = $1', [staff.userId]),
    ).toHaveLength(0);
  });
});

describe('npm run staff', () => {
  it('adds with --create (a password printed once), lists, resets and refuses mistakes', async () => {
    const made = await cli(
      'add',
      'newstaff',
      '--role',
      'moderator',
      '--create',
      '--email',
      'newstaff@site.test',
    );
    expect(made.code).toBe(0);
    expect(made.text).toContain('newstaff is now moderator');
    expect(made.text).toMatch(/otpauth:\/\/totp\/Afterglow:newstaff\?secret=[A-Z2-7]+/);
    const password = /Password \(shown once\): (\S+)/.exec(made.text)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const step = await login({ usr: 'newstaff', pwd: password }, nextAddress());
    expect(step.json().code).toBe('second_factor_required');

    expect((await cli('list')).text).toMatch(/newstaff\s+moderator\s+2fa, 10 recovery codes left/);

    const oldSecret = /secret: ([A-Z2-7]+)/.exec(made.text)?.[1] ?? '';
    const reset = await cli('reset-2fa', 'newstaff');
    expect(reset.code).toBe(0);
    const newSecret = /secret: ([A-Z2-7]+)/.exec(reset.text)?.[1] ?? '';
    expect(newSecret).not.toBe(oldSecret);
    // The old authenticator no longer works.
    const challenge = String(step.json().info.challenge);
    const old = await login({ challenge, otp: await totpCode(oldSecret) });
    expect(old.json().code).toBe('second_factor_invalid');

    expect(await cli('add', 'nobody-here', '--role', 'admin')).toMatchObject({ code: 1 });
    expect(await cli('add', 'newstaff', '--role', 'owner')).toMatchObject({ code: 2 });
    expect(await cli('add', 'x', '--create', '--role', 'admin')).toMatchObject({ code: 2 });
    expect(await cli('remove')).toMatchObject({ code: 2 });
    expect(await cli('reset-2fa', 'plainmember')).toMatchObject({ code: 1 });
    expect(await cli('frobnicate', 'x')).toMatchObject({ code: 2 });
  });
});
