import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { stubWebBuild } from '../../../tests/support/web-build.ts';

// The gender section switch (SPEC.md §1, issue 14): /section/ stores a known section in the
// cookie every page reads and returns to a page of this site; the page is then rendered in
// that section, and says it varies on the cookie so no cache hands it to another section.
// Pages render through a stand-in web build that prints the section it was given.

let t: TestApp;
let dir: string;

/** The stand-in web build's server entry (tests/support/web-build.ts). */
const ENTRY = `export async function render(req) {
  const stream = new PassThrough();
  stream.end(JSON.stringify({ gender: req.globals.gender }));
  return { type: 'html', status: 200, stream };
}
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-section-'));
  await stubWebBuild(path.join(dir, 'dist'), ENTRY);
  t = await createTestApp({ pages: 'prod', distDir: path.join(dir, 'dist') });
});

afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('section switch', () => {
  it('stores the section for a year and returns to the page it was made on', async () => {
    const res = await t.app.inject({
      url: '/section/?gender=gay&back=%2Fvideos%2Fmost-popular%2F2%2F',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/videos/most-popular/2/');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^app_gender=gay;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('renders each page in the section of the cookie, varying on it', async () => {
    for (const gender of ['str', 'she', 'gay']) {
      const res = await t.app.inject({ url: '/', headers: { cookie: `app_gender=${gender}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ gender });
      expect(res.headers.vary).toMatch(/\bCookie\b/);
      expect(res.headers['cache-control']).not.toMatch(/public/);
    }
    const none = await t.app.inject({ url: '/' });
    expect(none.json()).toEqual({ gender: 'str' });
    const unknown = await t.app.inject({ url: '/', headers: { cookie: 'app_gender=men' } });
    expect(unknown.json()).toEqual({ gender: 'str' });
  });

  it('changes nothing for an unknown section and never leaves the site', async () => {
    // Hostile text is refused before any route (decision 0026), and sets nothing either.
    const nul = await t.app.inject({ url: '/section/?gender=gay%00&back=/categories/' });
    expect(nul.statusCode).toBe(400);
    expect(nul.headers['set-cookie']).toBeUndefined();
    for (const gender of ['men', '', 'GAY', 'gay%20']) {
      const res = await t.app.inject({ url: `/section/?gender=${gender}&back=/categories/` });
      expect(res.statusCode, gender).toBe(302);
      expect(res.headers.location).toBe('/categories/');
      expect(res.headers['set-cookie'], gender).toBeUndefined();
    }
    const none = await t.app.inject({ url: '/section/' });
    expect(none.headers.location).toBe('/');
    for (const back of ['//evil.example/', 'https://evil.example/', '/\\evil.example', 'x']) {
      const res = await t.app.inject({
        url: `/section/?gender=she&back=${encodeURIComponent(back)}`,
      });
      expect(res.headers.location, back).toBe('/');
    }
  });
});
