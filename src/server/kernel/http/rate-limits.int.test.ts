import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/database.ts';
import { type CounterRepository, createCounterRepository } from '../db/counter.repository.ts';
import errors from './errors.ts';
import rateLimits from './rate-limits.ts';

// Rate limits in the database (decision 0024): counted in one statement, in windows that end,
// per route, kept across a restart and shared by a second process on the same database.

let t: TestDatabase;
let counters: CounterRepository;

beforeAll(async () => {
  t = await createTestDatabase();
  counters = createCounterRepository(t.database);
});

afterAll(async () => {
  await t?.drop();
});

/** Ends the live windows of keys starting with `prefix`, as time passing would. */
async function endWindows(prefix: string) {
  await t.database.query(
    `UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key LIKE $1 || '%'`,
    [prefix],
  );
}

async function keysLike(prefix: string): Promise<string[]> {
  const rows = await t.database.query<{ key: string }>(
    `SELECT key FROM rate_limits WHERE key LIKE $1 || '%' ORDER BY key`,
    [prefix],
  );
  return rows.map((row) => row.key);
}

describe('counters', () => {
  it('count hits within a window and start again when it has ended', async () => {
    expect(await counters.peek('test:a')).toEqual({ hits: 0, ttlMs: 0 });
    const first = await counters.hit('test:a', 60_000);
    expect(first.hits).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(55_000);
    expect(first.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await counters.hit('test:a', 60_000)).hits).toBe(2);
    expect((await counters.peek('test:a')).hits).toBe(2);

    await endWindows('test:a');
    expect((await counters.peek('test:a')).hits).toBe(0);
    expect((await counters.hit('test:a', 60_000)).hits).toBe(1);
    await counters.clear('test:a');
    expect((await counters.peek('test:a')).hits).toBe(0);
  });

  it('lose no hit when many arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, () => counters.hit('test:burst', 60_000)),
    );
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('prune expired rows only', async () => {
    await counters.hit('test:prune:old', 60_000);
    await counters.hit('test:prune:live', 60_000);
    await endWindows('test:prune:old');
    while ((await counters.prune(1)) > 0) {
      // one row a batch until none is left
    }
    expect(await keysLike('test:prune:')).toEqual(['test:prune:live']);
  });
});

describe('the route store', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ loggerInstance: pino({ level: 'silent' }) as FastifyBaseLogger });
    await app.register(errors);
    await app.register(rateLimits, { counters });
    // Both routes count under the same key: only the route tells them apart.
    const limit = { max: 2, timeWindow: 60_000, keyGenerator: () => 'same-key' };
    app.get('/first', { config: { rateLimit: limit } }, async () => ({ ok: 1 }));
    app.get('/second/:id', { config: { rateLimit: limit } }, async () => ({ ok: 1 }));
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('keeps the counts of different routes apart, one key per route pattern', async () => {
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await app.inject('/first')).statusCode);
    expect(first).toEqual([200, 200, 429]);
    const second = [];
    for (const id of [1, 2, 3]) second.push((await app.inject(`/second/${id}`)).statusCode);
    expect(second).toEqual([200, 200, 429]);
    expect(await keysLike('route:GET/')).toEqual([
      'route:GET/first:same-key',
      'route:GET/second/:id:same-key',
    ]);
  });

  it('lets requests through when the counters fail (fail-open)', async () => {
    const failing = Fastify({ loggerInstance: pino({ level: 'silent' }) as FastifyBaseLogger });
    const broken: CounterRepository = {
      ...counters,
      hit: () => Promise.reject(new Error('database unreachable')),
    };
    await failing.register(rateLimits, { counters: broken });
    failing.get(
      '/limited',
      { config: { rateLimit: { max: 1, timeWindow: 60_000 } } },
      async () => ({ ok: 1 }),
    );
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await failing.inject('/limited')).statusCode);
    expect(codes).toEqual([200, 200, 200]);
    await failing.close();
  });
});

describe('limits of the real app', () => {
  let first: TestApp;
  let second: TestApp | undefined;

  beforeAll(async () => {
    first = await createTestApp({ database: t.database });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const signUp = (app: TestApp, address: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      payload: { username: 'x', email: 'bad', pwd: '1' },
      remoteAddress: address,
    });

  it('are still in force after a restart and in a second process, until the window ends', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await signUp(first, '203.0.113.50')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);

    second = await createTestApp({ database: t.database });
    const limited = await signUp(second, '203.0.113.50');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().codes).toEqual([{ field: 'form', code: 'too_many_attempts' }]);
    expect((await signUp(second, '203.0.113.51')).statusCode).toBe(400);
    // Another route of the same address counts on its own.
    const restore = await second.app.inject({
      method: 'POST',
      url: '/api/restore.php',
      payload: { email: 'nobody@mail.test' },
      remoteAddress: '203.0.113.50',
    });
    expect(restore.statusCode).toBe(400);

    await endWindows('route:POST/api/signup.php:');
    expect((await signUp(second, '203.0.113.50')).statusCode).toBe(400);
    expect((await signUp(first, '203.0.113.50')).statusCode).toBe(400);
  });
});
