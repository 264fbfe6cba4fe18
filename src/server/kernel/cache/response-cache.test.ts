import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  etagMatches,
  forgetCachedVideos,
  ownCopy,
  pickEncoding,
  ResponseCache,
} from './response-cache.ts';

// The in-process cache must stay inside its byte budget whatever is asked of it: it is the
// largest thing the server keeps in memory (docs/decisions/0027).

const JSON_TYPE = { 'content-type': 'application/json' };

/** A compressible JSON body of about `bytes` bytes. */
function body(bytes: number, seed: number): Buffer {
  const words = Array.from({ length: Math.ceil(bytes / 8) }, (_, i) => `"v${seed}-${i}"`);
  return Buffer.from(`[${words.join(',')}]`).subarray(0, bytes);
}

describe('ResponseCache', () => {
  it('answers a stored entry until its lifetime ends', () => {
    let now = 1_000;
    const cache = new ResponseCache(1 << 20, () => now);
    cache.set('/a', { status: 200, headers: JSON_TYPE, body: body(2000, 1), lifetimeS: 60 });
    expect(cache.get('/a')?.body.length).toBe(2000);
    now += 59_999;
    expect(cache.get('/a')).toBeDefined();
    now += 1;
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.stats().bytes).toBe(0);
  });

  it('keeps answers briefly while lifetimes are held down, and drops them when released', () => {
    let now = 1_000;
    const cache = new ResponseCache(1 << 20, () => now);
    cache.limitLifetime(20);
    expect(cache.lifetimeFor(14_400)).toBe(20);
    expect(cache.lifetimeFor(5)).toBe(5);
    cache.set('/a', { status: 200, headers: JSON_TYPE, body: body(500, 1), lifetimeS: 14_400 });
    now += 19_999;
    expect(cache.get('/a')).toBeDefined();
    now += 1;
    expect(cache.get('/a')).toBeUndefined();
    cache.set('/b', { status: 200, headers: JSON_TYPE, body: body(500, 2), lifetimeS: 14_400 });
    cache.limitLifetime(undefined);
    // What was kept under the limit may be out of date: gone at once.
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.lifetimeFor(14_400)).toBe(14_400);
    cache.set('/c', { status: 200, headers: JSON_TYPE, body: body(500, 3), lifetimeS: 14_400 });
    now += 3_600_000;
    expect(cache.get('/c')).toBeDefined();
  });

  it('never serves a visitor-only entry to a member', () => {
    const cache = new ResponseCache(1 << 20);
    cache.set('/v', {
      status: 200,
      headers: JSON_TYPE,
      body: body(100, 2),
      lifetimeS: 60,
      visitorOnly: true,
    });
    expect(cache.get('/v', { member: true })).toBeUndefined();
    expect(cache.get('/v')).toBeDefined();
  });

  it('drops the least recently used entries once the budget is spent', () => {
    const cache = new ResponseCache(16_000);
    for (let i = 0; i < 10; i++) {
      cache.set(`/${i}`, { status: 200, headers: JSON_TYPE, body: body(1_000, i), lifetimeS: 60 });
    }
    expect(cache.stats().entries).toBe(10);
    cache.get('/0');
    cache.set('/10', { status: 200, headers: JSON_TYPE, body: body(1_000, 10), lifetimeS: 60 });
    expect(cache.get('/1')).toBeUndefined();
    expect(cache.get('/0')).toBeDefined();
    expect(cache.get('/10')).toBeDefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(16_000);
  });

  it('counts compressed copies against the budget and stays inside it', () => {
    const budget = 24_000;
    const cache = new ResponseCache(budget);
    // Incompressible bodies make br and gzip copies as large as the body itself.
    const entries = Array.from({ length: 8 }, (_, i) =>
      cache.set(`/r/${i}`, {
        status: 200,
        headers: JSON_TYPE,
        body: randomBytes(2_400),
        lifetimeS: 600,
      }),
    );
    expect(cache.stats().entries).toBe(8);
    for (const entry of entries) {
      if (!entry) throw new Error('not stored');
      cache.encoded(entry, 'br');
      cache.encoded(entry, 'gzip');
      expect(cache.stats().bytes).toBeLessThanOrEqual(budget);
    }
    // Each entry now holds three copies of 2.4 KB: three fit.
    expect(cache.stats().entries).toBe(3);
  });

  it('makes room for a compressed copy by dropping others, never the entry itself', () => {
    const cache = new ResponseCache(12_800);
    for (let i = 0; i < 8; i++) {
      cache.set(`/${i}`, {
        status: 200,
        headers: JSON_TYPE,
        body: randomBytes(1_024),
        lifetimeS: 60,
      });
    }
    expect(cache.stats().entries).toBe(8);
    const oldest = cache.get('/0');
    if (!oldest) throw new Error('not stored');
    expect(cache.encoded(oldest, 'gzip').length).toBeGreaterThan(1_000);
    expect(cache.stats().bytes).toBeLessThanOrEqual(12_800);
    expect(cache.get('/0')).toBe(oldest);
    expect(cache.get('/1')).toBeUndefined();
  });

  it('holds exactly the bytes it counts: no entry keeps a larger block alive', () => {
    const cache = new ResponseCache(1 << 20);
    // A small JSON answer as the plugin gets it: a string turned into a pooled Buffer.
    const entry = cache.set('/small', {
      status: 200,
      headers: JSON_TYPE,
      body: Buffer.from(JSON.stringify({ videos: body(1_500, 8).toString() })),
      lifetimeS: 60,
    });
    if (!entry) throw new Error('not stored');
    const copies = [entry.body, cache.encoded(entry, 'br'), cache.encoded(entry, 'gzip')];
    for (const copy of copies) {
      // What stays in memory is the whole ArrayBuffer, not the view's length.
      expect(copy.buffer.byteLength).toBe(copy.length);
    }
  });

  it('copies only views: a buffer of its own is kept as it is', () => {
    const own = Buffer.allocUnsafeSlow(100).fill(1);
    expect(ownCopy(own)).toBe(own);
    const view = Buffer.from('x'.repeat(100));
    const copy = ownCopy(view);
    expect(copy.equals(view)).toBe(true);
    expect(copy.buffer.byteLength).toBe(100);
  });

  it('refuses what cannot be cached: no lifetime, or a body over an eighth of the budget', () => {
    const cache = new ResponseCache(80_000);
    expect(
      cache.set('/0', { status: 200, headers: JSON_TYPE, body: body(100, 6), lifetimeS: 0 }),
    ).toBeUndefined();
    expect(
      cache.set('/huge', { status: 200, headers: JSON_TYPE, body: body(12_000, 7), lifetimeS: 60 }),
    ).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });
});

describe('forgets shared with other processes', () => {
  const entry = (seed: number) => ({
    status: 200,
    headers: JSON_TYPE,
    body: body(200, seed),
    lifetimeS: 60,
  });

  it('tells its listener what it forgot, and applies a forget from elsewhere silently', () => {
    const cache = new ResponseCache(1 << 20);
    const heard: (string | undefined)[] = [];
    cache.onForget((pattern) => heard.push(pattern?.source));
    cache.set('/api/json/video/1.json', entry(1));
    cache.set('/api/json/video/2.json', entry(2));
    cache.set('/api/json/a.b/x.json', entry(3));

    cache.deleteMatching(/video\/1\./);
    cache.deletePrefix('/api/json/a.b/');
    expect(cache.get('/api/json/video/1.json')).toBeUndefined();
    expect(cache.get('/api/json/a.b/x.json')).toBeUndefined();
    // The prefix's dot is a dot, not any character.
    expect(heard).toEqual(['video\\/1\\.', '^\\/api\\/json\\/a\\.b\\/']);

    cache.forgetFromElsewhere(/video\/2/);
    expect(cache.get('/api/json/video/2.json')).toBeUndefined();
    cache.set('/api/json/video/3.json', entry(4));
    cache.forgetFromElsewhere(undefined);
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    expect(heard).toHaveLength(2);
    cache.clear();
    expect(heard).toHaveLength(3);
    expect(heard[2]).toBeUndefined();
  });
});

describe('forgetCachedVideos', () => {
  it('forgets every lifetime of the named videos’ answers and nothing else', () => {
    const cache = new ResponseCache(1 << 22);
    const keys = [
      '/api/json/video/14400/0/2/2.json',
      '/api/json/video/0/0/2/2.json',
      '/api/json/video/14400/0/21/21.json',
      '/api/json/video/14400/0/12/12.json',
      '/api/json/videos_related2/14400/0/2/2/1.json',
    ];
    for (const [i, key] of keys.entries()) {
      cache.set(key, { status: 200, headers: JSON_TYPE, body: body(100, i), lifetimeS: 60 });
    }
    // More ids than one forget takes, as a clip's demo videos can be.
    forgetCachedVideos(cache, [...Array.from({ length: 450 }, (_, i) => 1000 + i), 2, 12]);
    expect(keys.filter((key) => cache.get(key) !== undefined)).toEqual([
      '/api/json/video/14400/0/21/21.json',
      '/api/json/videos_related2/14400/0/2/2/1.json',
    ]);
  });
});

describe('pickEncoding and etagMatches', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });

  it('matches weak and listed entity tags', () => {
    expect(etagMatches('W/"abc", "def"', '"def"')).toBe(true);
    expect(etagMatches('"abc"', '"def"')).toBe(false);
    expect(etagMatches('*', '"x"')).toBe(true);
  });
});
