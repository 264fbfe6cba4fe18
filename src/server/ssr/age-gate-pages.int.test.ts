import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { hlsMasterKey } from '../../media/keys.ts';
import { AGE_REFERRED_COOKIE } from '../compliance/age-referral.ts';

// Pages under the age gates (SPEC.md §4, decision 0025), rendered by the real web app (through
// Vite, no build needed). The UK gate renders over a page without the content: neither the
// HTML nor its serialized state carries the video's title, description or stream. The
// general gate is a click-through notice over the content.

const TITLE = 'Quiet Harbour At Dusk';
const DESCRIPTION = 'A slow pan across moored boats';
const SISTER = 'https://sister.example';
let t: TestApp;
let videoUrl = '';
let verified: TestSession;

async function page(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** Whether a page's HTML (markup and serialized state) shows anything of the video. */
function showsVideo(html: string): boolean {
  return html.includes(TITLE) || html.includes(DESCRIPTION) || html.includes('.m3u8');
}

beforeAll(async () => {
  t = await createTestApp({
    pages: 'dev',
    env: {
      COUNTRY_HEADER: 'X-Country',
      SISTER_SITES: JSON.stringify([{ name: 'Sister', url: SISTER }]),
    },
  });
  const user = await makeUser(t.database);
  const { id } = await makeVideo(t.database, user.id, { title: TITLE });
  await t.database.query(
    `UPDATE videos SET description = $2, media = jsonb_build_object('hls', $3::text) WHERE id = $1`,
    [id, DESCRIPTION, hlsMasterKey(id, 1)],
  );
  videoUrl = `/videos/${id}/quiet-harbour-at-dusk/`;
  verified = await signInAs(t.app, t.database);
  await t.database.query('UPDATE users SET age_verified = true WHERE id = $1', [verified.userId]);
  t.app.sessions.forget(verified.userId);
});

afterAll(async () => {
  await t?.close();
});

describe('the UK gate', () => {
  it('renders over a video page without the video in it', async () => {
    // A visitor from elsewhere first, so the video's answer sits in the response cache.
    const us = await page(videoUrl, { 'x-country': 'us' });
    expect(us.statusCode).toBe(200);
    expect(showsVideo(us.body)).toBe(true);

    for (const country of ['GB', 'gb, fr', 'FR,GB', 'UK']) {
      const res = await page(videoUrl, { 'x-country': country });
      expect(res.statusCode, country).toBe(403);
      expect(res.body, country).toContain('data-age-gate="uk"');
      expect(showsVideo(res.body), country).toBe(false);
      expect(String(res.headers.vary)).toContain('x-country');
    }
  });

  it('leaves the listings out of a gated page too', async () => {
    const home = await page('/', { 'x-country': 'gb' });
    expect(home.body).toContain('data-age-gate="uk"');
    expect(home.body).not.toContain(TITLE);
    expect((await page('/', { 'x-country': 'us' })).body).toContain(TITLE);
  });

  it('lets an age-verified member see everything', async () => {
    const res = await page(videoUrl, { 'x-country': 'gb', cookie: verified.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-age-gate');
    expect(res.body).toContain(TITLE);
    expect(res.body).toContain('.m3u8');
  });

  it('lets in a visit from a sister site’s link, for the rest of the visit', async () => {
    const landing = await page(`${videoUrl}?source=network`, {
      'x-country': 'gb',
      referer: 'https://www.sister.example/videos/9/a/',
    });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).not.toContain('data-age-gate');
    expect(showsVideo(landing.body)).toBe(true);
    const referral = landing.cookies.find((c) => c.name === AGE_REFERRED_COOKIE);
    expect(referral?.httpOnly).toBe(true);

    // The next page, without the referrer and query, and the video's data stay open.
    const cookie = `${AGE_REFERRED_COOKIE}=${referral?.value}`;
    const next = await page('/', { 'x-country': 'gb', cookie });
    expect(next.body).not.toContain('data-age-gate');
    expect(next.body).toContain(TITLE);
  });

  it('keeps a visit from any other referrer behind the gate', async () => {
    for (const referer of [
      'https://partner.example/',
      'https://evil-sister.example/',
      'https://sister.example.evil.org/',
      'https://sister.example@evil.org/',
    ]) {
      const res = await page(`${videoUrl}?source=network`, { 'x-country': 'gb', referer });
      expect(res.body, referer).toContain('data-age-gate="uk"');
      expect(showsVideo(res.body), referer).toBe(false);
      expect(
        res.cookies.find((c) => c.name === AGE_REFERRED_COOKIE),
        referer,
      ).toBeUndefined();
    }
    const forged = await page(videoUrl, { 'x-country': 'gb', cookie: `${AGE_REFERRED_COOKIE}=1` });
    expect(showsVideo(forged.body)).toBe(false);
  });
});

describe('the general gate', () => {
  it('shows over the content for a visitor from the US', async () => {
    const res = await page(videoUrl, { 'x-country': 'us' });
    expect(res.body).toContain('data-age-gate="general"');
    expect(res.body).toContain(TITLE);
  });

  it('covers a visitor whose country the configured header does not name', async () => {
    const headerSets: Record<string, string>[] = [
      {},
      { 'x-country': '' },
      { 'x-country': 'XX' },
      { 'x-country': 'T1' },
    ];
    for (const headers of headerSets) {
      const res = await page(videoUrl, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.body, JSON.stringify(headers)).toContain('data-age-gate="general"');
    }
    expect((await page(videoUrl, { 'x-country': 'ch' })).body).not.toContain('data-age-gate');
  });
});
