import { describe, expect, it } from 'vitest';
import { PageCache, pageKey } from './page-cache.ts';
import { ResponseCache } from './response-cache.ts';

// A visitor's page is kept no longer than the answers it was made from (decision 0058).

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const JSON_TYPE = { 'content-type': 'application/json' };
const VISITOR = { lang: 'en', section: 'str', context: 'none' };

function setUp() {
  let now = 1_000;
  const api = new ResponseCache(1 << 20, () => now);
  const pages = new PageCache(api, 1 << 20, () => now);
  const listing = '/api/json/videos2/600/str/latest-updates/60/..1.all..all.json';
  const strips = '/api/json/main/14400/str.en.json';
  api.set(listing, { status: 200, headers: JSON_TYPE, body: Buffer.from('[]'), lifetimeS: 600 });
  api.set(strips, { status: 200, headers: JSON_TYPE, body: Buffer.from('{}'), lifetimeS: 14_400 });
  const key = pageKey('/latest-updates/', VISITOR);
  pages.set(key, {
    headers: HTML,
    body: Buffer.from('<!doctype html><title>Latest</title>'),
    lifetimeS: 600,
    madeFrom: [listing, strips],
  });
  return { api, pages, key, listing, strips, advance: (ms: number) => (now += ms) };
}

describe('PageCache', () => {
  it('keys a page by everything that changes a visitor’s HTML', () => {
    const keys = new Set([
      pageKey('/', VISITOR),
      pageKey('/', { ...VISITOR, lang: 'de' }),
      pageKey('/', { ...VISITOR, section: 'gay' }),
      pageKey('/', { ...VISITOR, context: 'uk-gate' }),
      pageKey('/?page=2', VISITOR),
    ]);
    expect(keys.size).toBe(5);
  });

  it('answers a page until its lifetime ends', () => {
    const { pages, key, advance } = setUp();
    expect(pages.get(key)?.body.toString()).toContain('<title>Latest</title>');
    advance(599_999);
    expect(pages.get(key)).toBeDefined();
    advance(1);
    expect(pages.get(key)).toBeUndefined();
  });

  it('drops a page when an answer it was made from is forgotten, and only those', () => {
    const { api, pages, key, listing } = setUp();
    const other = pageKey('/channels/', VISITOR);
    pages.set(other, {
      headers: HTML,
      body: Buffer.from('<title>Channels</title>'),
      lifetimeS: 600,
      madeFrom: ['/api/json/channels/600/str/..1.json'],
    });
    api.deleteMatching(/^\/api\/json\/videos2\//);
    expect(api.get(listing)).toBeUndefined();
    expect(pages.get(key)).toBeUndefined();
    expect(pages.get(other)).toBeDefined();
  });

  it('drops pages on a forget heard from another process, and everything on a clear', () => {
    const { api, pages, key } = setUp();
    api.forgetFromElsewhere(/\/main\//);
    expect(pages.get(key)).toBeUndefined();

    const again = setUp();
    again.api.clear();
    expect(again.pages.get(again.key)).toBeUndefined();
    expect(again.pages.stats().bytes).toBe(0);
  });

  it('keeps its pages when an API answer is only evicted or expires', () => {
    const { api, pages, key, listing, advance } = setUp();
    api.delete(listing);
    expect(pages.get(key)).toBeDefined();
    advance(60_000);
    expect(pages.get(key)).toBeDefined();
  });
});
