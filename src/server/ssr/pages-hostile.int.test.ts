import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { HOSTILE_ESCAPES } from '../../../tests/support/hostile.ts';
import { stubWebBuild } from '../../../tests/support/web-build.ts';
import { HOSTILE_PAGE_URL } from './pages.ts';

// Page requests with hostile text in their address (decision 0026): NUL, controls or escapes
// that are not UTF-8 in a path segment answer 400 with the site's "page unavailable" screen,
// rendered before any loader could pass the text on; in the query, the page opens again
// without the refused values; an address the router cannot decode at all answers a plain 400
// page. Never a 500. Pages render through a stand-in web build that prints the address it
// was asked to render.

let t: TestApp;
let dir: string;

/** The stand-in web build's server entry (tests/support/web-build.ts). */
const ENTRY = `export async function render(req) {
  const stream = new PassThrough();
  stream.end(JSON.stringify({ rendered: req.url }));
  return { type: 'html', status: req.url === '/404/' ? 404 : 200, stream };
}
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-pages-'));
  await stubWebBuild(path.join(dir, 'dist'), ENTRY);
  t = await createTestApp({ pages: 'prod', distDir: path.join(dir, 'dist') });
});

afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('pages with hostile text in their address', () => {
  it('opens the page without a query value it refuses: NUL and bad escapes in the search', async () => {
    for (const value of HOSTILE_ESCAPES) {
      const res = await t.app.inject({ url: `/search/1/?s=red${value}dress&lang=de` });
      expect(res.statusCode, value).toBe(302);
      expect(res.headers.location, value).toBe('/search/1/?lang=de');
      expect(res.headers['cache-control']).toBe('no-store');
      const next = await t.app.inject({ url: String(res.headers.location) });
      expect(next.statusCode, value).toBe(200);
    }
    // A stray `%` in somebody's link: the page still opens, without that value.
    const promo = await t.app.inject({ url: '/?promo=100%&source=ad' });
    expect(promo.statusCode).toBe(302);
    expect(promo.headers.location).toBe('/?source=ad');
  });

  it('does the same for NUL and controls in a path segment', async () => {
    for (const url of ['/videos/%00/', '/model/a%00b/', '/channel/x%01/videos/1/', '/x%1B/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ rendered: HOSTILE_PAGE_URL });
    }
  });

  it('answers a plain 400 page for a path the router cannot decode', async () => {
    for (const url of ['/model/%FF/', '/videos/a%C0%80/', '/search/%ED%A0%80/', '/x%E2%82/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<a href="/">');
    }
  });

  it('renders what people search for as it is: words, emoji, CJK, RTL', async () => {
    for (const query of ['red dress', '🍑🍑🍑', '日本語', 'مرحبا', 'café crème']) {
      const url = `/search/1/?s=${encodeURIComponent(query)}`;
      const res = await t.app.inject({ url });
      expect(res.statusCode, query).toBe(200);
      expect(res.json()).toEqual({ rendered: url });
    }
  });
});
