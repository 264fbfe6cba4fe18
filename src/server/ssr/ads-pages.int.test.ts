import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { stubWebBuild } from '../../../tests/support/web-build.ts';
import { AD_EVENTS_PATH } from '../../contracts/ads.paths.ts';
import type { PageGlobals } from '../../web/ssr-types.ts';

// What a page is told about the operator's ads and analytics (decision 0035), and the
// security headers that go with it: the creative drawn for the visitor's device, nothing of
// it for a member, answers that vary on what they depend on, and a Content-Security-Policy
// that lets in exactly the configured third parties, or none. Pages render through a
// stand-in web build that prints the page constants it was given.

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const METRICS = 'https://mc.metrics.example';
const TAGS = 'https://tags.example';
const IMAGES = 'https://img.partner.example';
const FRAMES = 'https://frames.partner.example';

let dir: string;
let configured: TestApp;
let plain: TestApp;
let member: TestSession;

/** The stand-in web build's server entry (tests/support/web-build.ts). */
const ENTRY = `export async function render(req) {
  const stream = new PassThrough();
  stream.end(JSON.stringify({ url: req.url, globals: req.globals }));
  return { type: 'html', status: 200, stream };
}
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-ads-pages-'));
  const distDir = path.join(dir, 'dist');
  await stubWebBuild(distDir, ENTRY);
  const adsFile = path.join(dir, 'ads.json');
  await writeFile(
    adsFile,
    JSON.stringify({
      button: { url: 'https://premium.example/join' },
      promo: [
        {
          id: 'wide',
          device: 'desktop',
          type: 'image',
          src: `${IMAGES}/728x90.jpg`,
          url: 'https://premium.example/join?p=wide',
          width: 728,
          height: 90,
        },
        {
          id: 'small',
          device: 'mobile',
          type: 'iframe',
          src: `${FRAMES}/320x100.html`,
          width: 320,
          height: 100,
        },
      ],
      header: [
        {
          id: 'top',
          type: 'image',
          src: '/promo/320x50.png',
          url: '/signup/',
          width: 320,
          height: 50,
        },
      ],
      links: [
        { id: 'cams', label: { en: 'Live cams', de: 'Live-Cams' }, url: 'https://cams.example/' },
      ],
    }),
  );
  configured = await createTestApp({
    pages: 'prod',
    distDir,
    env: {
      ADS_FILE: adsFile,
      ANALYTICS_COUNTER_URL: `${METRICS}/tag.js`,
      ANALYTICS_COUNTER_ID: '12345',
      ANALYTICS_TAG_URL: `${TAGS}/pv.js`,
      ANALYTICS_TAG_ID: 'G-7',
      AD_EVENTS: 'true',
    },
  });
  member = await signInAs(configured.app, configured.database);
  plain = await createTestApp({ pages: 'prod', distDir });
});

afterAll(async () => {
  await configured?.close();
  await plain?.close();
  await rm(dir, { recursive: true, force: true });
});

async function page(app: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await app.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  const { globals } = res.json() as { globals: PageGlobals };
  return { res, globals };
}

/** The policy's directives by name, their sources in order. */
function directives(res: { headers: Record<string, unknown> }): Record<string, string[]> {
  const policy = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('a visitor’s page', () => {
  it('draws the desktop creative for a desktop browser, and no header banner', async () => {
    const { res, globals } = await page(configured, '/', { 'user-agent': DESKTOP });
    expect(globals.ads?.promo).toMatchObject({ id: 'wide', type: 'image', width: 728, height: 90 });
    expect(globals.ads?.header).toBeUndefined();
    expect(globals.ads?.button).toBe('https://premium.example/join');
    expect(globals.ads?.links).toEqual([
      { id: 'cams', label: 'Live cams', url: 'https://cams.example/' },
    ]);
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding, Sec-CH-UA-Mobile, User-Agent');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('draws the mobile creative and the header banner for a phone, by hint or User-Agent', async () => {
    for (const headers of [
      { 'user-agent': PHONE } as Record<string, string>,
      { 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?1' },
    ]) {
      const { globals } = await page(configured, '/videos/latest-updates/1/', headers);
      expect(globals.ads?.promo, JSON.stringify(headers)).toMatchObject({
        id: 'small',
        type: 'iframe',
        width: 320,
        height: 100,
      });
      expect(globals.ads?.header).toMatchObject({ id: 'top', src: '/promo/320x50.png' });
    }
  });

  it('names the promo links in the page’s language', async () => {
    const { globals } = await page(configured, '/?lang=de');
    expect(globals.ads?.links[0]?.label).toBe('Live-Cams');
  });

  it('is told of the analytics, ad events included', async () => {
    const { globals } = await page(configured, '/');
    expect(globals.analytics).toEqual({
      counter: `${METRICS}/tag.js?id=12345`,
      tag: `${TAGS}/pv.js?id=G-7`,
      adEvents: true,
    });
  });
});

describe('a member’s page', () => {
  it('carries no ad at all, whatever was served to visitors before, and stays private', async () => {
    await page(configured, '/', { 'user-agent': PHONE });
    const { res, globals } = await page(configured, '/', {
      'user-agent': PHONE,
      cookie: member.cookie,
    });
    expect(globals.user?.id).toBe(member.userId);
    expect(globals.ads).toBeUndefined();
    expect(res.body).not.toContain('premium.example');
    expect(res.body).not.toContain('cams.example');
    expect(globals.analytics).toEqual({
      counter: `${METRICS}/tag.js?id=12345`,
      tag: `${TAGS}/pv.js?id=G-7`,
    });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    // And a visitor afterwards gets the ads again.
    expect((await page(configured, '/', { 'user-agent': PHONE })).globals.ads?.promo?.id).toBe(
      'small',
    );
  });
});

describe('Content-Security-Policy', () => {
  it('lets in exactly the configured providers and banner origins, each for its use', async () => {
    for (const url of ['/', '/api/json/ads/600/xx.json', '/healthz']) {
      const res = await configured.app.inject({ method: 'GET', url });
      const csp = directives(res);
      // A page kept for visitors names its inline scripts by hash instead (decision 0058).
      const inline = /^'(nonce|sha256)-/;
      const scripts = csp['script-src'] ?? [];
      expect(
        scripts.filter((source) => !inline.test(source)),
        url,
      ).toEqual(["'self'", METRICS, TAGS]);
      if (url !== '/') expect(scripts[1], url).toMatch(/^'nonce-/);
      expect(csp['connect-src'], url).toEqual(["'self'", METRICS, TAGS]);
      expect(csp['img-src'], url).toEqual(["'self'", 'data:', 'blob:', METRICS, TAGS, IMAGES]);
      expect(csp['frame-src'], url).toEqual(["'self'", FRAMES]);
      expect(csp['default-src'], url).toEqual(["'self'"]);
    }
  });

  it('stays strict, and no page is told of ads or analytics, when nothing is configured', async () => {
    const { res, globals } = await page(plain, '/', { 'user-agent': PHONE });
    expect(globals.ads).toBeUndefined();
    expect(globals.analytics).toBeUndefined();
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    const csp = directives(res);
    expect(csp['script-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[^']+'$/)]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['frame-src']).toEqual(["'self'"]);
    // Ad events are off: the report path is not there.
    const report = await plain.app.inject({
      method: 'POST',
      url: AD_EVENTS_PATH,
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { events: '[["i","promo","a"]]' },
    });
    expect(report.statusCode).toBe(404);
  });
});
