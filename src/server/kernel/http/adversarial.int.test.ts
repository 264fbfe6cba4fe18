import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app.ts';
import { makeUser, makeVideo } from '../../../../tests/support/factories.ts';
import { HOSTILE_ESCAPES } from '../../../../tests/support/hostile.ts';
import { ERROR_CODES } from '../../../contracts/errors.ts';

// Every GET call of the JSON API, with every path segment and query value replaced by
// hostile input: each must answer a clean JSON failure (never a 500) and change nothing.
// NUL, its neighbours and escapes that are not UTF-8 must answer `invalid_characters` naming
// the query field (a path segment that cannot be decoded is `path`). POST calls:
// adversarial-posts.int.test.ts.

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

/** A link (Google sign-in) answers any failure by sending the browser to a page naming it. */
function failurePage(status: number, location: unknown): boolean {
  const query = new URLSearchParams(String(location ?? '').split('?')[1] ?? '');
  return status === 302 && [...query.values()].some((v) => ERROR_CODES.includes(v as never));
}

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

  it('refuses NUL, controls and bad escapes in every segment and query value as invalid_characters', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const { path, query } of paths) {
      const segments = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      for (const value of HOSTILE_ESCAPES) {
        for (const target of [...segments, ...query]) {
          let url = path;
          for (const segment of segments) {
            url = url.replace(`{${segment}}`, segment === target ? value : '1');
          }
          const params = query.map((name) => `${name}=${name === target ? value : 'abc'}`);
          if (params.length) url += `?${params.join('&')}`;
          const res = await t.app.inject({ method: 'GET', url });
          const body = res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {};
          const fields = query.includes(target) ? [target] : [target, 'path'];
          const refused =
            res.statusCode === 400 &&
            body.code === 'invalid_characters' &&
            fields.includes(String(body.field));
          if (!refused && !failurePage(res.statusCode, res.headers.location)) {
            failures.push(`${res.statusCode} ${url} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
