import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { createTestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { LIFETIME } from '../../contracts/constants.ts';
import { relatedPath, videoPath } from '../../contracts/paths.ts';
import { decodeVideoUrl } from '../../contracts/video-url.ts';
import { hlsMasterKey, hlsRungDir, videoFileKey, videoPreviewKey } from '../../media/keys.ts';
import { LocalStorage } from '../../media/storage.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { referralToken } from './age-referral.ts';

// The UK gate on data (SPEC.md §4, decision 0025): a video's JSON, its related list, its
// files and its playback media are held back from a visitor from the UK who is not an
// age-verified member, whatever the country header looks like, and no cache hands an
// answer made for someone else to such a visitor.

const SECRET = 'age-gate-test-secret-age-gate-test-secret';
const TITLE = 'Withheld Sunset Title';
let t: TestApp;
let id = 0;
let verified: TestSession;
let unverified: TestSession;

const uk = { 'x-country': 'GB' };
const us = { 'x-country': 'US' };

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      COUNTRY_HEADER: 'X-Country',
      APP_SECRET: SECRET,
      SISTER_SITES: JSON.stringify([{ name: 'Sister', url: 'https://sister.example' }]),
    },
  });
  const user = await makeUser(t.database);
  id = (await makeVideo(t.database, user.id, { title: TITLE })).id;
  await makeVideo(t.database, user.id, { title: 'Withheld Sibling' });
  await t.storage.put(hlsMasterKey(id, 1), Buffer.from('#EXTM3U\n'));
  await t.storage.put(`${hlsRungDir(id, 1, 240)}/seg_00000.m4s`, Buffer.from('segment'));
  await t.storage.put(videoPreviewKey(id), Buffer.from('jpeg'));
  await t.storage.put(videoFileKey(id, '_hq.mp4'), Buffer.from('mp4 bytes'));
  await t.database.query(
    `UPDATE videos SET media = jsonb_build_object('hls', $2::text, 'files', $3::jsonb) WHERE id = $1`,
    [id, hlsMasterKey(id, 1), JSON.stringify({ '_hq.mp4': videoFileKey(id, '_hq.mp4') })],
  );
  unverified = await signInAs(t.app, t.database);
  verified = await signInAs(t.app, t.database);
  await t.database.query('UPDATE users SET age_verified = true WHERE id = $1', [verified.userId]);
  t.app.sessions.forget(verified.userId);
});

afterAll(async () => {
  await t?.close();
});

/** Every address that hands out the video's content (fresh lifetimes: nothing cached yet). */
async function contentUrls(lifetime: number): Promise<string[]> {
  const files = await get(`/api/videofile.php?video_id=${id}&lifetime=${lifetime}`, us);
  expect(files.statusCode, files.body).toBe(200);
  const [file] = files.json<{ video_url: string }[]>();
  const download = decodeVideoUrl(String(file?.video_url));
  if (!download) throw new Error('videofile gave no get_file path');
  return [
    videoPath(lifetime, id),
    relatedPath(lifetime, 12, id, 1),
    `/api/videofile.php?video_id=${id}&lifetime=${lifetime + 1}`,
    download,
    `/media/${hlsMasterKey(id, 1)}`,
    `/media/${hlsRungDir(id, 1, 240)}/seg_00000.m4s`,
  ];
}

describe('a visitor from the UK', () => {
  it('gets age_verification_required for the video, its related list, files and media', async () => {
    for (const url of await contentUrls(101)) {
      const res = await get(url, uk);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'age_verification_required' });
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).not.toContain(TITLE);
      expect(res.body, url).not.toContain('m3u8');
    }
    // The pictures lists show stay public.
    expect((await get(`/media/${videoPreviewKey(id)}`, uk)).statusCode).toBe(200);
  });

  it('is held back whatever the header looks like, and so is an unverified member', async () => {
    const url = videoPath(102, id);
    for (const country of ['gb', ' GB ', 'gb, fr', 'FR,GB', 'us;gb', 'UK']) {
      const res = await get(url, { 'x-country': country });
      expect(res.statusCode, country).toBe(403);
    }
    expect((await get(url, { ...uk, cookie: unverified.cookie })).statusCode).toBe(403);
    // A referral cookie this site did not sign is no referral.
    const forged = `age_referred=${Math.floor(Date.now() / 1000) + 3600}.${'A'.repeat(27)}`;
    expect((await get(url, { ...uk, cookie: forged })).statusCode).toBe(403);
  });

  it('gets everything as an age-verified member, privately', async () => {
    for (const url of await contentUrls(103)) {
      const res = await get(url, { ...uk, cookie: verified.cookie });
      expect(res.statusCode, url).toBeLessThan(400);
      expect(String(res.headers['cache-control']), url).not.toContain('public');
      expect(String(res.headers.vary), url).toContain('x-country');
    }
    const video = await get(videoPath(104, id), { ...uk, cookie: verified.cookie });
    expect(video.json().video).toMatchObject({
      title: TITLE,
      hls: expect.stringContaining('.m3u8'),
    });
  });

  it('gets everything when the visit came from a sister site (the signed referral cookie)', async () => {
    const cookie = `age_referred=${referralToken(SECRET)}`;
    const res = await get(videoPath(105, id), { ...uk, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().video.title).toBe(TITLE);
  });
});

describe('visitors from elsewhere', () => {
  it('get the video, shared caches told that it varies by country', async () => {
    for (const headers of [us, { 'x-country': 'de' }, { 'x-country': 'XX' }, {}]) {
      const res = await get(videoPath(106, id), headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json().video.title).toBe(TITLE);
      expect(res.headers['cache-control']).toMatch(/^public, max-age=/);
      expect(String(res.headers.vary)).toContain('x-country');
    }
  });
});

describe('the response cache', () => {
  it('never serves an answer made for another country to a visitor from the UK', async () => {
    const url = videoPath(LIFETIME.video, id);
    // In Fastify's hook: a US visitor's answer is stored, then a UK visitor asks.
    expect((await get(url, us)).statusCode).toBe(200);
    expect((await get(url, us)).headers.etag).toBeDefined();
    expect((await get(url, uk)).statusCode).toBe(403);

    // At the HTTP server, where hits are answered before Fastify runs.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const related = `${address}${relatedPath(3600, 12, id, 1)}`;
    const first = await fetch(related, { headers: us });
    expect(first.status).toBe(200);
    const hitsBefore = t.app.responseCache.stats().hits;
    const hit = await fetch(related, { headers: us });
    expect(t.app.responseCache.stats().hits).toBe(hitsBefore + 1);
    expect(hit.headers.get('vary')).toContain('x-country');
    const fromUk = await fetch(related, { headers: uk });
    expect(fromUk.status).toBe(403);
    expect(await fromUk.json()).toMatchObject({ code: 'age_verification_required' });
    const fromList = await fetch(related, { headers: { 'x-country': 'fr, gb' } });
    expect(fromList.status).toBe(403);

    // A verified member from the UK gets a fresh, private answer, which is not stored.
    const member = await fetch(`${address}${videoPath(LIFETIME.video, id)}`, {
      headers: { ...uk, cookie: verified.cookie },
    });
    expect(member.status).toBe(200);
    expect(member.headers.get('cache-control')).toMatch(/^private/);
    const after = await fetch(`${address}${videoPath(LIFETIME.video, id)}`, { headers: uk });
    expect(after.status).toBe(403);
  });
});

describe('a site that knows no country and lets the unknown through', () => {
  it('says at start-up that the age gates are off, and gates nothing', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { database, drop } = await createTestDatabase();
    // No header, no country database (decision 0053), and no gate for an unknown country.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: t.config.dataDir,
      COUNTRY_DB: 'off',
      UNKNOWN_COUNTRY_GATE: 'none',
    });
    const app = await buildApp({
      config,
      database,
      storage: new LocalStorage(config.mediaDir),
      logger: pino({ level: 'warn' }, sink),
      pages: 'none',
    });
    try {
      await app.ready();
      const warnings = lines.filter((line) => line.includes('age gates are off'));
      expect(warnings).toHaveLength(1);
      const user = await makeUser(database);
      const other = (await makeVideo(database, user.id, { title: TITLE })).id;
      const res = await app.inject({ method: 'GET', url: videoPath(0, other), headers: uk });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
      await drop();
    }
  });
});
