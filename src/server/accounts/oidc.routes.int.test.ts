import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import {
  startOidcProvider,
  type TestAccount,
  type TestOidcProvider,
} from '../../../tests/support/oidc-provider.ts';
import { hashPassword } from '../kernel/passwords.ts';
import { FLOW_COOKIE, GOOGLE_PATH } from './oidc.routes.ts';

// "Sign in with Google" against a real OpenID Connect provider (oidc-provider, in this
// process): the app's redirect to the provider, the provider's login and answer, and the
// app's callback, on a real database. Each test signs in from its own address.

const SITE = 'http://site.test';
let t: TestApp;
let provider: TestOidcProvider;
let videoId = 0;
let addressCounter = 0;
const nextAddress = () => `198.51.100.${++addressCounter}`;

interface Started {
  res: LightMyRequestResponse;
  /** `google_flow=…`, as the browser would send it back. */
  flowCookie: string;
}

async function start(back = '/videos/', address = nextAddress(), app = t): Promise<Started> {
  const res = await app.app.inject({
    method: 'GET',
    url: `${GOOGLE_PATH}?back=${encodeURIComponent(back)}`,
    remoteAddress: address,
  });
  const flow = res.cookies.find((c) => c.name === FLOW_COOKIE);
  return { res, flowCookie: flow ? `${FLOW_COOKIE}=${flow.value}` : '' };
}

function callback(url: URL, cookie: string, address = nextAddress(), extra = '') {
  return t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { cookie: [cookie, extra].filter(Boolean).join('; ') },
    remoteAddress: address,
  });
}

/** The whole round trip as a browser makes it; answers the app's last response. */
async function signInWithGoogle(account: TestAccount, back = '/videos/') {
  const address = nextAddress();
  const started = await start(back, address);
  expect(started.res.statusCode).toBe(302);
  provider.signInAs(account);
  const answer = await provider.authorize(String(started.res.headers.location));
  const res = await callback(answer, started.flowCookie, address);
  const sid = res.cookies.find((c) => c.name === 'sid' && c.value !== '');
  return { res, answer, started, sid: sid?.value };
}

async function userBySub(sub: string) {
  const [row] = await t.database.query<{
    id: number;
    username: string;
    email: string;
    status: number;
    lang: string;
    password_hash: string | null;
  }>('SELECT id, username, email, status, lang, password_hash FROM users WHERE google_sub = $1', [
    sub,
  ]);
  return row ? { ...row, id: Number(row.id) } : undefined;
}

const userCount = async () =>
  Number((await t.database.query<{ n: string }>('SELECT count(*) AS n FROM users'))[0]?.n);

/** A member action with the session: adds a favourite; answers who it was recorded for. */
async function favouriteAs(sid: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/input.php',
    headers: {
      cookie: `sid=${sid}`,
      'x-csrf-token': t.app.sessions.csrfTokenOf(sid),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({
      act: 'favourite',
      section: 'add',
      video_id: String(videoId),
    }).toString(),
  });
  const rows = await t.database.query<{ user_id: number }>(
    'SELECT user_id FROM favourites WHERE video_id = $1',
    [videoId],
  );
  return { res, users: rows.map((r) => Number(r.user_id)) };
}

function expectFailure(res: LightMyRequestResponse, back?: string, code = 'sign_in_failed') {
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), SITE);
  expect(location.pathname).toBe('/signin/');
  expect(location.searchParams.get('google')).toBe(code);
  if (back) expect(location.searchParams.get('back')).toBe(back);
  expect(res.cookies.find((c) => c.name === 'sid' && c.value !== '')).toBeUndefined();
}

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: `${SITE}${GOOGLE_PATH}` });
  t = await createTestApp({
    env: {
      PUBLIC_URL: SITE,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      OIDC_ISSUER: provider.issuer,
    },
  });
  const uploader = await makeUser(t.database);
  videoId = (await makeVideo(t.database, uploader.id)).id;
});

afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe('the start', () => {
  it('sends the browser to the provider with PKCE, state and nonce kept in a signed cookie', async () => {
    const { res, flowCookie } = await start('/models/');
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const to = new URL(String(res.headers.location));
    expect(to.origin).toBe(provider.issuer);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: `${SITE}${GOOGLE_PATH}`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(to.searchParams.get(name)).toMatch(/^[\w-]{40,}$/);
    }
    const cookie = res.cookies.find((c) => c.name === FLOW_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      path: GOOGLE_PATH,
      sameSite: 'Lax',
      maxAge: 600,
    });
    // Nothing of the flow can be read off the link: the verifier stays with the browser.
    expect(flowCookie).not.toContain(to.searchParams.get('code_challenge'));
  });
});

describe('signing in', () => {
  it('makes a new member from a verified Google account, signs it in and goes back', async () => {
    const before = await userCount();
    const { res, sid } = await signInWithGoogle(
      {
        sub: 'google-new-1',
        email: 'Zoe.Example@gmail.test',
        email_verified: true,
        name: 'Zoë Quinn',
        given_name: 'Zoë',
      },
      '/videos/top-rated/2/?x=1',
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/videos/top-rated/2/?x=1');
    expect(sid).toBeDefined();
    // The flow is single use: its cookie is cleared.
    expect(res.cookies.find((c) => c.name === FLOW_COOKIE)?.value).toBe('');

    expect(await userCount()).toBe(before + 1);
    const user = await userBySub('google-new-1');
    expect(user).toMatchObject({
      username: 'Zoe',
      email: 'Zoe.Example@gmail.test',
      status: 1,
      lang: 'en',
      password_hash: null,
    });
    const fav = await favouriteAs(String(sid));
    expect(fav.res.statusCode).toBe(200);
    expect(fav.users).toContain(user?.id);
  });

  it('signs the same Google account into the same member, in the language of the browser', async () => {
    const account = {
      sub: 'google-again',
      email: 'again@gmail.test',
      email_verified: true,
      given_name: 'Again',
    };
    const first = await signInWithGoogle(account);
    expect(first.sid).toBeDefined();
    const user = await userBySub('google-again');
    const before = await userCount();

    const second = await signInWithGoogle(account, '/');
    expect(second.res.headers.location).toBe('/');
    expect(second.sid).toBeDefined();
    expect(second.sid).not.toBe(first.sid);
    expect(await userCount()).toBe(before);
    expect(await userBySub('google-again')).toEqual(user);
  });

  it('gives a taken first name a number, and a new member the language of the browser', async () => {
    await makeUser(t.database, { username: 'Mia' });
    const address = nextAddress();
    const started = await start('/', address);
    provider.signInAs({
      sub: 'google-mia',
      email: 'mia@gmail.test',
      email_verified: true,
      given_name: 'Mia',
    });
    const answer = await provider.authorize(String(started.res.headers.location));
    const res = await callback(answer, started.flowCookie, address, 'app_lang=de');
    expect(res.headers.location).toBe('/');
    const user = await userBySub('google-mia');
    expect(user?.username).toMatch(/^Mia_\d{3}$/);
    expect(user?.lang).toBe('de');
  });

  it('links a password account of the same verified email, which keeps its password', async () => {
    const [row] = await t.database.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, status) VALUES ($1, $2, $3, 1) RETURNING id`,
      ['linda', 'linda@mail.test', await hashPassword('linda-password')],
    );
    const before = await userCount();
    const { res, sid } = await signInWithGoogle({
      sub: 'google-linda',
      email: 'LINDA@mail.test',
      email_verified: true,
      given_name: 'Someone Else',
    });
    expect(res.headers.location).toBe('/videos/');
    expect(await userCount()).toBe(before);
    const linked = await userBySub('google-linda');
    expect(linked?.id).toBe(Number(row?.id));
    expect(linked?.username).toBe('linda');
    const fav = await favouriteAs(String(sid));
    expect(fav.users).toContain(Number(row?.id));

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      payload: { usr: 'linda', pwd: 'linda-password' },
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode).toBe(200);
  });

  it('confirms an unconfirmed account it links, and drops the password it was made with', async () => {
    await t.database.query(
      `INSERT INTO users (username, email, password_hash, status) VALUES ($1, $2, $3, 0)`,
      ['squatter', 'owner@mail.test', await hashPassword('squatter-password')],
    );
    const { sid } = await signInWithGoogle({
      sub: 'google-owner',
      email: 'owner@mail.test',
      email_verified: true,
    });
    expect(sid).toBeDefined();
    const user = await userBySub('google-owner');
    expect(user).toMatchObject({ username: 'squatter', status: 1, password_hash: null });
    // Whoever signed up with this address never proved it: their password opens nothing.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      payload: { usr: 'squatter', pwd: 'squatter-password' },
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().code).toBe('invalid_usr_or_pwd');
  });

  it('neither links nor makes an account for an email Google has not verified', async () => {
    await t.database.query(
      `INSERT INTO users (username, email, password_hash, status) VALUES ('victim', 'victim@mail.test', 'x', 1)`,
    );
    const before = await userCount();
    const linking = await signInWithGoogle(
      { sub: 'google-unverified', email: 'victim@mail.test', email_verified: false },
      '/edit/',
    );
    expectFailure(linking.res, '/edit/');
    const creating = await signInWithGoogle({
      sub: 'google-unverified-2',
      email: 'fresh@mail.test',
      email_verified: false,
    });
    expectFailure(creating.res);
    expect(await userCount()).toBe(before);
    expect(await userBySub('google-unverified')).toBeUndefined();
    expect(await userBySub('google-unverified-2')).toBeUndefined();
  });

  it('refuses banned accounts, saying so; wrong passwords do not keep the owner out (decision 0023)', async () => {
    await t.database.query(
      `INSERT INTO users (username, email, status, google_sub) VALUES ('gone', 'gone@mail.test', 2, 'google-gone')`,
    );
    // A lock the old rules left behind no longer refuses anyone.
    await t.database.query(
      `INSERT INTO users (username, email, status, login_locked_until)
       VALUES ('locked', 'locked@mail.test', 1, now() + interval '10 minutes')`,
    );
    expectFailure(
      (
        await signInWithGoogle({
          sub: 'google-gone',
          email: 'gone@mail.test',
          email_verified: true,
        })
      ).res,
      undefined,
      'account_banned',
    );
    const owner = await signInWithGoogle({
      sub: 'google-locked',
      email: 'locked@mail.test',
      email_verified: true,
    });
    expect(owner.sid).toBeDefined();
    expect((await userBySub('google-locked'))?.username).toBe('locked');
  });

  it('ends the session the browser had (a new session id on every sign-in)', async () => {
    const first = await signInWithGoogle({
      sub: 'google-rotate',
      email: 'rotate@gmail.test',
      email_verified: true,
    });
    const address = nextAddress();
    const started = await start('/', address);
    provider.signInAs({ sub: 'google-rotate', email: 'rotate@gmail.test', email_verified: true });
    const answer = await provider.authorize(String(started.res.headers.location));
    const res = await callback(answer, started.flowCookie, address, `sid=${first.sid}`);
    const sid = res.cookies.find((c) => c.name === 'sid')?.value;
    expect(sid).toBeTruthy();
    expect(sid).not.toBe(first.sid);
    expect((await favouriteAs(String(first.sid))).res.statusCode).toBe(401);
  });
});

describe('refusals', () => {
  it('refuses an answer whose state is not the flow’s, and one without state', async () => {
    const address = nextAddress();
    const started = await start('/', address);
    provider.signInAs({ sub: 'google-tamper', email: 'tamper@gmail.test', email_verified: true });
    const answer = await provider.authorize(String(started.res.headers.location));
    const tampered = new URL(answer);
    tampered.searchParams.set('state', 'x'.repeat(43));
    expectFailure(await callback(tampered, started.flowCookie, address));
    const stateless = new URL(answer);
    stateless.searchParams.delete('state');
    expectFailure(await callback(stateless, started.flowCookie, address));
    expect(await userBySub('google-tamper')).toBeUndefined();
  });

  it('refuses an answer without the flow cookie, or with a forged one', async () => {
    const address = nextAddress();
    const started = await start('/', address);
    provider.signInAs({
      sub: 'google-nocookie',
      email: 'nocookie@gmail.test',
      email_verified: true,
    });
    const answer = await provider.authorize(String(started.res.headers.location));
    expectFailure(await callback(answer, '', address));
    const [payload] = started.flowCookie.slice(FLOW_COOKIE.length + 1).split('.');
    expectFailure(await callback(answer, `${FLOW_COOKIE}=${payload}.forged`, address));
    expect(await userBySub('google-nocookie')).toBeUndefined();
  });

  it('refuses a replayed answer: the code works once', async () => {
    const { res, answer, started } = await signInWithGoogle({
      sub: 'google-replay',
      email: 'replay@gmail.test',
      email_verified: true,
    });
    expect(res.headers.location).toBe('/videos/');
    // The same answer again, even with the flow cookie a thief copied along with it.
    expectFailure(await callback(answer, started.flowCookie));
  });

  it('refuses when the user declines at the provider', async () => {
    const address = nextAddress();
    const started = await start('/members/1/', address);
    provider.deny();
    const answer = await provider.authorize(String(started.res.headers.location));
    expect(answer.searchParams.get('error')).toBe('access_denied');
    expectFailure(await callback(answer, started.flowCookie, address), '/members/1/');
  });

  it('never sends the browser off the site', async () => {
    const { res } = await signInWithGoogle(
      { sub: 'google-offsite', email: 'offsite@gmail.test', email_verified: true },
      '//evil.example/',
    );
    expect(res.headers.location).toBe('/');
  });

  it('limits starts and answers per address', async () => {
    const address = nextAddress();
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${GOOGLE_PATH}?state=x`,
        remoteAddress: address,
      });
      expectFailure(res);
    }
    const limited = await start('/', address);
    expect(limited.res.statusCode).toBe(302);
    expect(limited.res.headers.location).toBe('/signin/?google=too_many_attempts');
    expect(limited.flowCookie).toBe('');
  });
});

describe('configuration', () => {
  it('answers 404 not_found when Google sign-in is not configured', async () => {
    const plain = await createTestApp({ env: { PUBLIC_URL: SITE } });
    try {
      const res = await plain.app.inject({ method: 'GET', url: `${GOOGLE_PATH}?back=/` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    } finally {
      await plain.close();
    }
  });

  it('starts and serves with an unreachable provider, answering sign_in_failed', async () => {
    const dead = await createTestApp({
      env: {
        PUBLIC_URL: SITE,
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        OIDC_ISSUER: 'http://127.0.0.1:9/',
      },
    });
    try {
      const health = await dead.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      const started = await start('/videos/', nextAddress(), dead);
      expect(started.res.statusCode).toBe(302);
      expect(started.res.headers.location).toBe('/signin/?google=sign_in_failed&back=%2Fvideos%2F');
      expect(started.flowCookie).toBe('');
    } finally {
      await dead.close();
    }
  });
});
