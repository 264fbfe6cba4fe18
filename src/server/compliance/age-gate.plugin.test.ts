import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCache } from '../kernel/cache/response-cache.ts';
import responseCache, { cacheFor } from '../kernel/http/response-cache.ts';
import ageGate from './age-gate.plugin.ts';
import { AGE_REFERRED_COOKIE, referralToken } from './age-referral.ts';
import type { VisitorCountries } from './visitor-country.ts';

// Where an age-restricted answer is made private (decisions 0025, 0053): in the gate's own
// hook, after the response cache has kept its copy, whatever the answer's status; the cache
// keeps no copy made for an asker from the UK.

const SECRET = 'x'.repeat(32);
let app: FastifyInstance;
let cache: ResponseCache;

/** German unless the test says the asker is in the UK; read from the address. */
const countries: VisitorCountries = {
  header: undefined,
  byAddress: true,
  of: (req) =>
    req.headers['x-uk'] === '1'
      ? { codes: ['gb'], unknown: false }
      : { codes: ['de'], unknown: false },
  fromUk: (req) => req.headers['x-uk'] === '1',
};

beforeAll(async () => {
  cache = new ResponseCache(1024 * 1024);
  app = Fastify();
  await app.register(cookie);
  await app.register(
    fp(
      async (instance) => {
        instance.decorateRequest('viewer', null);
      },
      { name: 'viewer' },
    ),
  );
  await app.register(ageGate, {
    countries,
    sisterSites: [],
    secret: SECRET,
    secure: false,
  });
  await app.register(responseCache, { cache, restricted: countries });
  const restricted = { config: { cache: true, ageRestricted: true } };
  app.get('/api/partial.json', restricted, async (_request, reply) => {
    cacheFor(reply, 600, 3600);
    return reply.code(203).send({ partial: 1 });
  });
  app.get('/api/whole.json', restricted, async (_request, reply) => {
    cacheFor(reply, 600, 3600);
    return { whole: 1 };
  });
  app.get('/api/open.json', { config: { cache: true } }, async (_request, reply) => {
    cacheFor(reply, 600, 3600);
    return { open: 1 };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('a restricted answer under address lookup', () => {
  it('goes out private when the response cache does not store it (not a 200)', async () => {
    const res = await get('/api/partial.json');
    expect(res.statusCode).toBe(203);
    expect(res.headers['cache-control']).toBe('private, max-age=600');
  });

  it('is stored once, and goes out private when made and when served from the cache', async () => {
    const made = await get('/api/whole.json');
    expect(made.headers['cache-control']).toBe('private, max-age=600');
    const hits = cache.stats().hits;
    const hit = await get('/api/whole.json');
    expect(cache.stats().hits).toBe(hits + 1);
    expect(hit.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const revalidated = await get('/api/whole.json', {
      'if-none-match': String(made.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toMatch(/^private/);
  });

  it('is made afresh for an asker from the UK, private, and not stored', async () => {
    cache.clear();
    // Let through: they came from a sister site earlier in the visit.
    const uk = await get('/api/whole.json', {
      'x-uk': '1',
      cookie: `${AGE_REFERRED_COOKIE}=${referralToken(SECRET)}`,
    });
    expect(uk.statusCode).toBe(200);
    expect(uk.headers['cache-control']).toBe('private, max-age=600');
    const misses = cache.stats().misses;
    await get('/api/whole.json');
    expect(cache.stats().misses).toBe(misses + 1);
  });

  it('leaves an answer that depends on no country public', async () => {
    expect((await get('/api/open.json')).headers['cache-control']).toBe('public, max-age=600');
  });
});
