import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/database.ts';
import { noisyPicture } from '../../../tests/support/factories.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import { stubWebBuild } from '../../../tests/support/web-build.ts';
import type { Database } from '../../db/client.ts';
import { LocalStorage } from '../../media/storage.ts';
import type { PageGlobals } from '../../web/ssr-types.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { AGE_CHECKS_PER_HOUR } from './age-verification.routes.ts';

// The UK gate's photo check (SPEC.md §4, §7) on the real app and database. Pages render
// through a stand-in web build that prints the page constants, so a test can read what the
// next page tells the browser (its `user.ageVerified`, its country and age-gate inputs).

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;

/** The stand-in web build's server entry (tests/support/web-build.ts). */
const ENTRY = `export async function render(req) {
  const stream = new PassThrough();
  stream.end(JSON.stringify(req.globals));
  return { type: 'html', status: 200, stream };
}
`;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'afterglow-age-'));
  const distDir = path.join(dataDir, 'dist');
  await stubWebBuild(distDir, ENTRY);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(dataDir, 'site'),
    COUNTRY_HEADER: 'X-Test-Country',
  });
  ({ database, drop } = await createTestDatabase());
  app = await buildApp({
    config,
    database,
    storage: new LocalStorage(config.mediaDir),
    logger: pino({ level: 'silent' }),
    pages: 'prod',
    distDir,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
});

function upload(file: Blob | undefined, session?: TestSession, name = 'photo.jpg') {
  const form = new FormData();
  if (file) form.append('file', file, name);
  return app.inject({
    method: 'POST',
    url: '/api/age_verification.php',
    headers: session?.headers ?? {},
    payload: form,
  });
}

async function globalsOf(session?: TestSession, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'GET',
    url: '/',
    headers: { ...(session ? { cookie: session.cookie } : {}), ...headers },
  });
  expect(res.statusCode).toBe(200);
  return res.json<PageGlobals>();
}

async function ageVerified(userId: number): Promise<boolean> {
  const [row] = await database.query<{ age_verified: boolean }>(
    'SELECT age_verified FROM users WHERE id = $1',
    [userId],
  );
  return row?.age_verified === true;
}

/** Every file under the site's data directory: a photo must never land there. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(path.join(dataDir, 'site'), { recursive: true });
  return entries.filter((entry) => !entry.startsWith('db')).sort();
}

const jpeg = (data: Buffer) => new Blob([new Uint8Array(data)], { type: 'image/jpeg' });

/** A photo-like picture: noise, so it is neither blank nor tiny. */
function photo(width = 640, height = 480): Promise<Buffer> {
  return noisyPicture(width, height).jpeg().toBuffer();
}

describe('POST /api/age_verification.php', () => {
  it('asks a visitor to sign in', async () => {
    const res = await upload(jpeg(await photo()));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'need_auth' });
  });

  it('refuses a member without the session’s CSRF token', async () => {
    const member = await signInAs(app, database);
    const form = new FormData();
    form.append('file', jpeg(await photo()), 'photo.jpg');
    const res = await app.inject({
      method: 'POST',
      url: '/api/age_verification.php',
      headers: { cookie: member.cookie },
      payload: form,
    });
    expect(res.statusCode).toBe(403);
    expect(await ageVerified(member.userId)).toBe(false);
  });

  it('refuses what is not an image, a blank or tiny picture, and a missing file', async () => {
    const member = await signInAs(app, database);
    const text = await upload(new Blob(['not a photo at all'], { type: 'image/jpeg' }), member);
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'file_invalid_type', field: 'file' });

    const gif = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#102030' },
    })
      .gif()
      .toBuffer();
    const gifRes = await upload(new Blob([new Uint8Array(gif)], { type: 'image/gif' }), member);
    expect(gifRes.json()).toMatchObject({ code: 'file_invalid_type' });

    const blank = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#808080' },
    })
      .png()
      .toBuffer();
    const blankRes = await upload(new Blob([new Uint8Array(blank)]), member, 'blank.png');
    expect(blankRes.json()).toMatchObject({ code: 'age_verification_failed', field: 'file' });

    const missing = await upload(undefined, member);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'required', field: 'file' });
    expect(await ageVerified(member.userId)).toBe(false);
  });

  it('refuses a file over 10 MB', async () => {
    const member = await signInAs(app, database);
    const big = Buffer.concat([await photo(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(jpeg(big), member);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'file_too_large', field: 'file' });
    expect(await ageVerified(member.userId)).toBe(false);
  });

  it('holds a real photo for review, and the next page knows once a moderator passes it', async () => {
    const member = await signInAs(app, database);
    const before = await globalsOf(member, { 'x-test-country': 'GB' });
    expect(before.country).toBe('gb');
    expect(before.user?.ageVerified).toBe(false);
    const files = await storedFiles();

    const small = await upload(jpeg(await photo(200, 150)), member);
    expect(small.json()).toMatchObject({ code: 'age_verification_failed' });
    expect(await storedFiles()).toEqual(files);

    // The staff provider (the default): pending, which no `success: 1` client takes for a pass.
    const res = await upload(jpeg(await photo()), member);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ success: 0, pending: 1, state: 'pending' });
    expect(await ageVerified(member.userId)).toBe(false);
    expect((await globalsOf(member, { 'x-test-country': 'gb' })).user?.ageVerified).toBe(false);
    expect((await storedFiles()).filter((f) => f.endsWith('.jpg'))).toEqual([
      expect.stringMatching(/^private\/age-checks\/[0-9a-f-]{36}\.jpg$/),
    ]);

    const moderator = await signInAsStaff(app, database, 'moderator');
    const [check] = await database.query<{ id: number }>(
      'SELECT id FROM age_checks WHERE user_id = $1',
      [member.userId],
    );
    const approved = await app.inject({
      method: 'POST',
      url: `/api/admin/age-checks/${check?.id}`,
      headers: { ...moderator.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(approved.statusCode).toBe(200);
    expect(await ageVerified(member.userId)).toBe(true);
    expect((await globalsOf(member, { 'x-test-country': 'gb' })).user?.ageVerified).toBe(true);
    // Only the (empty) private folder stays: the photo is gone (the mail tells the member).
    const left = (await storedFiles()).filter((f) => !files.includes(f));
    expect(left.filter((f) => !f.startsWith('outbox'))).toEqual(['private', 'private/age-checks']);
  });

  it(`allows a member ${AGE_CHECKS_PER_HOUR} attempts an hour`, async () => {
    const member = await signInAs(app, database);
    for (let i = 0; i < AGE_CHECKS_PER_HOUR; i++) {
      expect((await upload(new Blob(['x']), member)).statusCode).toBe(400);
    }
    const res = await upload(jpeg(await photo()), member);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    expect(await ageVerified(member.userId)).toBe(false);
    // Another member is not held back by it.
    const other = await signInAs(app, database);
    expect((await upload(jpeg(await photo()), other)).statusCode).toBe(202);
  });
});

describe('age-gate page constants', () => {
  it('take the country from the configured header only', async () => {
    expect((await globalsOf(undefined, { 'x-test-country': 'DE' })).country).toBe('de');
    expect((await globalsOf(undefined, { 'x-test-country': 'XX' })).country).toBe('');
    expect((await globalsOf(undefined, { 'cf-ipcountry': 'de' })).country).toBe('');
    expect((await globalsOf()).country).toBe('');
  });

  it('give a visitor from a gated country the gate’s words in that country’s language', async () => {
    const german = await globalsOf(undefined, { 'x-test-country': 'at' });
    expect(german.ageGate?.generalText?.enter).toBeTruthy();
    expect(german.ageGate?.generalText).not.toEqual(
      (await globalsOf(undefined, { 'x-test-country': 'us' })).ageGate?.generalText,
    );
    // Confirmed before, a member, or a country without the gate: no words needed.
    const confirmed = await globalsOf(undefined, {
      'x-test-country': 'at',
      cookie: 'age_confirmed=1',
    });
    expect(confirmed.ageGate).toEqual({
      confirmed: true,
      referred: false,
      country: { codes: ['at'], unknown: false },
    });
    const member = await signInAs(app, database);
    expect((await globalsOf(member, { 'x-test-country': 'at' })).ageGate?.generalText).toBe(
      undefined,
    );
    expect((await globalsOf(undefined, { 'x-test-country': 'ch' })).ageGate?.generalText).toBe(
      undefined,
    );
  });

  it('mark a visit from a sister site’s link (its referrer plus source or promo)', async () => {
    const page = async (url: string, referer?: string) =>
      (
        await app.inject({
          method: 'GET',
          url,
          headers: { 'x-test-country': 'gb', ...(referer ? { referer } : {}) },
        })
      ).json<PageGlobals>().ageGate?.referred;
    // The default network (SISTER_SITES unset) holds emberlight.example.
    expect(await page('/?source=partner', 'https://emberlight.example/')).toBe(true);
    expect(await page('/?promo=spring', 'https://www.emberlight.example/a/')).toBe(true);
    expect(await page('/?source=partner', 'https://partner.example/')).toBe(false);
    expect(await page('/?source=partner')).toBe(false);
    expect(await page('/', 'https://emberlight.example/')).toBe(false);
  });
});
