import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { fetchChallenge, solveChallenge, solvedCaptcha } from '../../../tests/support/captcha.ts';
import { hashPassword } from '../kernel/passwords.ts';

// Password guessing on the real app (decision 0023): wrong passwords never lock the owner
// out; past a few the account asks for a captcha, the guessing address is slowed, and no
// captcha field a client can send makes the server fail.

const SECRET = 'sign-in-guard-test-secret-0123456789abcdef';
let t: TestApp;
let addressCounter = 0;
const nextAddress = () => `192.0.2.${++addressCounter}`;

function logIn(
  fields: Record<string, string>,
  address: string,
  app = t.app,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/login.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: address,
  });
}

const hasSession = (res: LightMyRequestResponse) =>
  res.cookies.some((c) => c.name === 'sid' && c.value !== '');

let memberCounter = 0;
async function member(): Promise<string> {
  const username = `owner${++memberCounter}`;
  await t.database.query(
    `INSERT INTO users (username, email, password_hash, status) VALUES ($1, $2, $3, 1)`,
    [username, `${username}@mail.test`, await hashPassword('right-password')],
  );
  return username;
}

/** Wrong passwords at an account until it asks for a captcha (5), from one address. */
async function guessUntilCaptcha(usr: string, address = nextAddress()) {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < 5; i++) answers.push(await logIn({ usr, pwd: `wrong-${i}` }, address));
  return answers;
}

beforeAll(async () => {
  t = await createTestApp({ env: { APP_SECRET: SECRET } });
});

afterAll(async () => {
  await t?.close();
});

describe('password guessing', () => {
  it('30 wrong passwords from one address do not stop the owner at another', async () => {
    const usr = await member();
    const guesser = nextAddress();
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 30; i++) answers.push(await logIn({ usr, pwd: `guess-${i}` }, guesser));

    const codes = answers.map((res) => res.json().codes);
    for (const early of codes.slice(0, 4)) {
      expect(early).toEqual([{ field: 'pwd', code: 'invalid_usr_or_pwd' }]);
    }
    // The fifth says at once that a captcha is needed from now on.
    expect(codes[4]).toEqual([
      { field: 'pwd', code: 'invalid_usr_or_pwd' },
      { field: 'captcha', code: 'captcha_required' },
    ]);
    for (const asked of answers.slice(5, 10)) {
      expect(asked.statusCode).toBe(400);
      expect(asked.json().codes).toEqual([{ field: 'captcha', code: 'captcha_required' }]);
    }
    // Past 10 attempts at this account, the guessing address is slowed down.
    for (const slowed of answers.slice(10)) {
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().codes).toEqual([{ field: 'form', code: 'too_many_attempts' }]);
    }

    const owner = nextAddress();
    const asked = await logIn({ usr, pwd: 'right-password' }, owner);
    expect(asked.statusCode).toBe(400);
    expect(asked.json().codes).toEqual([{ field: 'captcha', code: 'captcha_required' }]);
    expect(hasSession(asked)).toBe(false);

    const proven = await logIn(
      { usr, pwd: 'right-password', captcha: await solvedCaptcha(t.app) },
      owner,
    );
    expect(proven.statusCode).toBe(200);
    expect(proven.json()).toMatchObject({ success: 1, user: { username: usr } });
    expect(hasSession(proven)).toBe(true);
  });

  it('slows only the guessing pair: the same address still signs in to other accounts', async () => {
    const target = await member();
    const bystander = await member();
    const guesser = nextAddress();
    for (let i = 0; i < 11; i++) await logIn({ usr: target, pwd: `guess-${i}` }, guesser);
    expect((await logIn({ usr: target, pwd: 'right-password' }, guesser)).statusCode).toBe(429);
    const other = await logIn({ usr: bystander, pwd: 'right-password' }, guesser);
    expect(other.statusCode).toBe(200);
  });

  it('asks a guesser for a new captcha with every attempt', async () => {
    const usr = await member();
    const address = nextAddress();
    await guessUntilCaptcha(usr, address);
    const proof = await solvedCaptcha(t.app);
    const first = await logIn({ usr, pwd: 'still-wrong', captcha: proof }, address);
    expect(first.json().codes).toEqual([
      { field: 'pwd', code: 'invalid_usr_or_pwd' },
      { field: 'captcha', code: 'captcha_required' },
    ]);
    // The proof was spent on that attempt: the right password with it is refused too.
    const replay = await logIn({ usr, pwd: 'right-password', captcha: proof }, address);
    expect(replay.json().codes).toEqual([{ field: 'captcha', code: 'captcha_invalid' }]);
    expect(hasSession(replay)).toBe(false);
  });

  it('treats an unknown name as it treats an account: no way to tell them apart', async () => {
    const known = await guessUntilCaptcha(await member());
    const unknown = await guessUntilCaptcha('nobody-by-this-name');
    expect(unknown.map((res) => res.json())).toEqual(known.map((res) => res.json()));
  });

  it('keeps asking for the captcha after a restart and in a second process', async () => {
    const usr = await member();
    await guessUntilCaptcha(usr);
    const second = await createTestApp({ database: t.database, env: { APP_SECRET: SECRET } });
    try {
      const asked = await logIn({ usr, pwd: 'right-password' }, nextAddress(), second.app);
      expect(asked.json().codes).toEqual([{ field: 'captcha', code: 'captcha_required' }]);
      // A challenge of one process is good in the other, once.
      const proof = await solvedCaptcha(t.app);
      const address = nextAddress();
      const ok = await logIn({ usr, pwd: 'right-password', captcha: proof }, address, second.app);
      expect(ok.statusCode).toBe(200);
      const again = await logIn({ usr, pwd: 'right-password', captcha: proof }, address);
      expect(again.json().codes).toEqual([{ field: 'captcha', code: 'captcha_invalid' }]);
    } finally {
      await second.close();
    }
  });
});

describe('bad captcha fields', () => {
  it('answer 400 with a captcha code, never 500, and sign nobody in', async () => {
    const usr = await member();
    await guessUntilCaptcha(usr);
    const challenge = await fetchChallenge(t.app);
    const decoded = JSON.parse(Buffer.from(solveChallenge(challenge), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const variants: Record<string, string> = {
      garbage: '%%%not-base64%%%',
      base64Text: Buffer.from('hello').toString('base64'),
      jsonNull: encode(null),
      jsonArray: encode([1, 2]),
      emptyObject: encode({}),
      numberAsText: encode({ ...decoded, number: String(decoded.number) }),
      negative: encode({ ...decoded, number: -1 }),
      huge: encode({ ...decoded, number: 1e308 }),
      wrongNumber: encode({ ...decoded, number: decoded.number + 1 }),
      badSignature: encode({ ...decoded, signature: 'f'.repeat(64) }),
      otherAlgorithm: encode({ ...decoded, algorithm: 'SHA-1' }),
      laterExpiry: encode({
        ...decoded,
        salt: decoded.salt.replace(/expires=\d+/, 'expires=9999999999'),
      }),
      otherAction: await solvedCaptcha(t.app, 'contact'),
      tooLong: 'A'.repeat(3000),
      unicode: '☃'.repeat(40),
    };
    for (const [name, captcha] of Object.entries(variants)) {
      const res = await logIn({ usr, pwd: 'right-password', captcha }, nextAddress());
      expect(res.statusCode, name).toBe(400);
      expect(res.json().codes, name).toEqual([{ field: 'captcha', code: 'captcha_invalid' }]);
      expect(hasSession(res), name).toBe(false);
    }

    // Not a string at all: treated as no captcha.
    const shapes = [
      `usr=${usr}&pwd=right-password&captcha=a&captcha=b`,
      `usr=${usr}&pwd=right-password&captcha[x]=1`,
    ];
    for (const payload of shapes) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code, payload).toMatch(/^captcha_(required|invalid)$/);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      payload: { usr, pwd: 'right-password', captcha: { number: 1 } },
      remoteAddress: nextAddress(),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().codes).toEqual([{ field: 'captcha', code: 'captcha_required' }]);
  });
});

describe('GET /api/captcha.php', () => {
  it('answers a fresh, uncached challenge for a known action only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha.php?action=login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ algorithm: 'SHA-256', maxnumber: 100_000 });
    const again = await fetchChallenge(t.app);
    expect(again.challenge).not.toBe(res.json().challenge);

    for (const query of ['', '?action=', '?action=admin', '?action=login&action=contact']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/captcha.php${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json(), query).toMatchObject({ code: 'invalid_params', field: 'action' });
    }
  });
});
