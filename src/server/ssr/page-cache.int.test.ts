import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { signInAs } from '../../../tests/support/session.ts';
import { stubWebBuild } from '../../../tests/support/web-build.ts';
import { categoriesPath } from '../../contracts/discovery.paths.ts';

// Visitors' pages come from a cache (decision 0058, issue 18): a visitor's second request is
// the page kept from the first, with a CSP naming its inline script by hash (never the nonce
// of the request it was rendered for); a member's page is rendered for them; a forget of an
// answer the page was made from drops the page. Pages render through a stand-in web build
// that reads one API answer and counts its renders.

const CATEGORIES = categoriesPath(600, 'str', 'popular', 'en');
let t: TestApp;
let dir: string;

/** The stand-in web build's server entry (tests/support/web-build.ts). */
const ENTRY = `let renders = 0;
export async function render(req) {
  const data = await req.api.get(${JSON.stringify(CATEGORIES)});
  const stream = new PassThrough();
  stream.end('<!doctype html><p>render ' + (++renders) + ' for ' + (req.globals.user ? 'a member' : 'a visitor') +
    ' of ' + data.categories.length + '</p><script nonce="' + req.nonce + '">window.page = ' + renders + ';</script>');
  return { type: 'html', status: 200, stream };
}
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-page-cache-'));
  await stubWebBuild(path.join(dir, 'dist'), ENTRY);
  t = await createTestApp({ pages: 'prod', distDir: path.join(dir, 'dist') });
});

afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const page = (headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/categories/', headers });

describe('visitors’ pages from the cache', () => {
  it('hands a visitor the page kept from the first render, under a CSP of its script’s hash', async () => {
    const first = await page();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-security-policy']).toMatch(/'nonce-/);
    const second = await page();
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    const policy = String(second.headers['content-security-policy']);
    expect(policy).not.toMatch(/'nonce-/);
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(String(second.headers.vary)).toContain('Cookie');
    // The browser's copy is still good: 304, no body.
    const again = await page({ 'if-none-match': String(second.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('renders a member’s page for them, every time', async () => {
    const member = await signInAs(t.app, t.database);
    const one = await page({ cookie: member.cookie });
    const two = await page({ cookie: member.cookie });
    expect(one.body).toContain('for a member');
    expect(two.body).not.toBe(one.body);
    // …and a visitor still gets the kept visitor's page.
    expect((await page()).body).toContain('for a visitor');
  });

  it('renders again once an answer the page was made from is forgotten', async () => {
    const kept = (await page()).body;
    expect((await page()).body).toBe(kept);
    t.app.responseCache.deletePrefix('/api/json/categories/');
    const fresh = (await page()).body;
    expect(fresh).not.toBe(kept);
    expect(fresh).toContain('for a visitor');
  });

  it('keeps one page per language', async () => {
    const english = (await page()).body;
    const german = await page({ cookie: 'app_lang=de' });
    expect(german.body).not.toBe(english);
    expect((await page({ cookie: 'app_lang=de' })).body).toBe(german.body);
  });
});

describe('kept pages before the router', () => {
  // A second app, listening, whose logger tells which requests reached Fastify at all.
  let front: TestApp;
  let base: string;
  const routed: string[] = [];
  beforeAll(async () => {
    const lines = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const line = JSON.parse(chunk.toString('utf8')) as { msg?: string; req?: { url?: string } };
        if (line.msg === 'incoming request' && line.req?.url) routed.push(line.req.url);
        done();
      },
    });
    front = await createTestApp({
      pages: 'prod',
      distDir: path.join(dir, 'dist'),
      database: t.database,
      env: { COUNTRY_HEADER: 'cf-ipcountry' },
      logger: pino({ level: 'info' }, lines),
    });
    await front.app.listen({ port: 0, host: '127.0.0.1' });
    const address = front.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await front?.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { headers: { 'cf-ipcountry': 'FR', ...headers } });
  const reached = (url: string) => routed.filter((seen) => seen === url).length;

  it('hands a visitor’s repeat request its kept page without reaching the router', async () => {
    const first = await get('/categories/?front=1');
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(reached('/categories/?front=1')).toBe(1);
    const second = await get('/categories/?front=1');
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(body);
    expect(second.headers.get('content-security-policy')).toMatch(/'sha256-/);
    expect(second.headers.get('cache-control')).toBe('no-cache');
    expect(second.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(reached('/categories/?front=1')).toBe(1);
    // Its ETag is answered there too.
    const again = await get('/categories/?front=1', {
      'if-none-match': String(second.headers.get('etag')),
    });
    expect(again.status).toBe(304);
    expect(reached('/categories/?front=1')).toBe(1);
  });

  it('keys the page there as the router does: another language is another page', async () => {
    const english = await (await get('/categories/?front=2')).text();
    const german = await (await get('/categories/?front=2', { cookie: 'app_lang=de' })).text();
    expect(german).not.toBe(english);
    expect(await (await get('/categories/?front=2', { cookie: 'app_lang=de' })).text()).toBe(
      german,
    );
    expect(reached('/categories/?front=2')).toBe(2);
  });

  it('lets a member and a visitor from the UK through to the router every time', async () => {
    await get('/categories/?front=3');
    const member = await signInAs(front.app, front.database);
    for (let i = 0; i < 2; i++) {
      expect((await get('/categories/?front=3', { cookie: member.cookie })).status).toBe(200);
    }
    for (let i = 0; i < 2; i++) await get('/categories/?front=3', { 'cf-ipcountry': 'GB' });
    expect(reached('/categories/?front=3')).toBe(5);
    // A visitor from elsewhere still gets the kept page.
    await get('/categories/?front=3');
    expect(reached('/categories/?front=3')).toBe(5);
  });
});
