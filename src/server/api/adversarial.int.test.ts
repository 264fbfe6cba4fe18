import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';

// Every GET call of the JSON API, with every path segment and query value replaced by
// hostile input: each must answer a clean JSON failure (never a 500) and change nothing.

const HOSTILE = [
  '',
  '0',
  '-1',
  '99999999999999999999',
  '1e9',
  '1.5',
  "' OR 1=1 --",
  '"; DROP TABLE videos; --',
  '%00',
  '..',
  '../../etc/passwd',
  '%',
  '_',
  '\\',
  'ÿ',
  '🍑',
  'a'.repeat(400),
  '<script>alert(1)</script>',
  'null',
  'undefined',
  '[object Object]',
];

let t: TestApp;
let paths: { path: string; query: string[] }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const user = await makeUser(t.database);
  await makeVideo(t.database, user.id);
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, { get?: { parameters?: { in: string; name: string }[] } }>;
  };
  paths = Object.entries(doc.paths)
    .filter(([path, item]) => path.startsWith('/api/') && item.get)
    .map(([path, item]) => ({
      path,
      query: (item.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    }));
});

afterAll(async () => {
  await t?.close();
});

async function snapshot() {
  return t.database.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM videos)::int + (SELECT count(*) FROM users)::int
          + (SELECT count(*) FROM keywords)::int AS n`,
  );
}

describe('every JSON call under hostile input', () => {
  it('documents the calls it attacks', () => {
    expect(paths.length).toBeGreaterThanOrEqual(20);
  });

  it('never answers 500, always a JSON failure or a JSON answer, and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const { path, query } of paths) {
      const segments = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      for (const value of HOSTILE) {
        for (const target of [...segments, ...query]) {
          let url = path;
          for (const segment of segments) {
            const filler = segment === target ? value : '1';
            url = url.replace(`{${segment}}`, encodeURIComponent(filler));
          }
          const params = query.map(
            (name) => `${name}=${encodeURIComponent(name === target ? value : 'abc')}`,
          );
          if (params.length) url += `?${params.join('&')}`;
          const res = await t.app.inject({ method: 'GET', url });
          const body = res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {};
          if (res.statusCode >= 500 || (res.statusCode >= 400 && typeof body.code !== 'string')) {
            failures.push(`${res.statusCode} ${url}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
