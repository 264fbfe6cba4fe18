import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app.ts';
import { makeUser, makeVideo } from '../../../../tests/support/factories.ts';
import {
  HOSTILE_ESCAPES,
  HOSTILE_TEXT,
  HOSTILE_WELL_FORMED,
} from '../../../../tests/support/hostile.ts';
import { signInAs, type TestSession } from '../../../../tests/support/session.ts';
import { ERROR_CODES } from '../../../contracts/errors.ts';

// Every call of the JSON API that takes a body, enumerated from the OpenAPI document (a new
// call is attacked without touching this file), sent by a signed-in member with the CSRF
// token so the input reaches the handlers and not only the session gate:
// - each text field holding NUL or a neighbour (decision 0026), as JSON and as a form,
//   answers 400 `invalid_characters` naming the field;
// - each multipart call answers every malformed form with a 4xx JSON failure of the
//   catalogue, and NUL in any of its text fields as `invalid_characters`;
// - and nothing in the database changes.

interface Operation {
  method: string;
  path: string;
  contentTypes: string[];
  /** Text fields with a value each that passes for one (the first of an enum). */
  textFields: Map<string, string>;
  fileFields: string[];
  pathParams: string[];
}

type Property = { format?: string; enum?: unknown[] };
type Schema = { properties?: Record<string, Property>; anyOf?: Schema[]; oneOf?: Schema[] };
type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
};

let t: TestApp;
const operations: Operation[] = [];
let session: TestSession;
let sessions = 0;
let address = 0;

/** Properties of a body schema, through the unions zod writes (the stat call's acts). */
function properties(schema: Schema | undefined): [string, Property][] {
  if (!schema) return [];
  return [
    ...Object.entries(schema.properties ?? {}),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((inner) => properties(inner)),
  ];
}

const FILLER = 'Plain text';

beforeAll(async () => {
  t = await createTestApp();
  session = await signInAs(t.app, t.database, `attacker${++sessions}`);
  const owner = await makeUser(t.database);
  await makeVideo(t.database, owner.id);
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as Doc;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (method === 'get' || !path.startsWith('/api/')) continue;
      const content = op.requestBody?.content ?? {};
      const fields = Object.values(content).flatMap((media) => properties(media.schema));
      const textFields = new Map<string, string>();
      for (const [name, schema] of fields) {
        if (schema.format === 'binary' || textFields.has(name)) continue;
        const known = schema.enum?.[0];
        textFields.set(name, typeof known === 'string' ? known : FILLER);
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        contentTypes: Object.keys(content),
        textFields,
        fileFields: fields.filter(([, s]) => s.format === 'binary').map(([name]) => name),
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      });
    }
  }
});

afterAll(async () => {
  await t?.close();
});

/**
 * Sends as the member from a fresh address; a member's own rate limit (a few calls an hour
 * on some routes) is met with a newly signed-in member, never counted as an answer.
 */
async function send(
  op: Pick<Operation, 'method' | 'path'>,
  contentType: string | undefined,
  payload: string | Buffer,
) {
  for (;;) {
    address += 1;
    const res = await t.app.inject({
      method: op.method as 'POST',
      url: op.path,
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      headers: { ...session.headers, ...(contentType ? { 'content-type': contentType } : {}) },
      payload,
    });
    if (res.statusCode !== 429) return res;
    session = await signInAs(t.app, t.database, `attacker${++sessions}`);
  }
}

/**
 * Every table, hashed: any insert, update or delete shows. The members this suite signs in
 * (and their sessions) are its own doing and left out.
 */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await t.database.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('rate_limits', 'sessions', 'users') ORDER BY table_name`,
  );
  const hash = async (from: string) => {
    const [row] = await t.database.query<{ h: string }>(
      `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${from}`,
    );
    return row?.h ?? '';
  };
  const out: Record<string, string> = {};
  for (const { name } of tables) out[name] = await hash(`"${name}" x`);
  out.users = await hash(`users x WHERE x.username NOT LIKE 'attacker%'`);
  // Sessions: a refused sign-in starts none (their last-seen time may move on its own).
  const [others] = await t.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE u.username NOT LIKE 'attacker%'`,
  );
  out.sessions = String(others?.n);
  return out;
}

function describeAnswer(res: { statusCode: number; body: string }): string {
  return `${res.statusCode} ${res.body.slice(0, 160)}`;
}

/** A 4xx answer in the `{error, code, field?}` shape with a code of the catalogue. */
function isCleanFailure(res: { statusCode: number; body: string }): boolean {
  if (res.statusCode < 400 || res.statusCode >= 500) return false;
  try {
    const body = JSON.parse(res.body) as { error?: unknown; code?: unknown };
    return typeof body.error === 'string' && ERROR_CODES.includes(body.code as never);
  } catch {
    return false;
  }
}

function refusesField(res: { statusCode: number; body: string }, field: string): boolean {
  if (res.statusCode !== 400) return false;
  const body = JSON.parse(res.body) as { code?: string; field?: string };
  return body.code === 'invalid_characters' && body.field === field;
}

describe('every POST call under NUL and its neighbours', () => {
  it('documents the calls it attacks', () => {
    const forms = operations.filter((op) => op.textFields.size > 0).map((op) => op.path);
    expect(forms).toEqual(
      expect.arrayContaining([
        '/api/login.php',
        '/api/signup.php',
        '/api/restore.php',
        '/api/stat.php',
        '/api/input.php',
        '/api/messages.php',
        '/api/member.php',
        '/api/video_edit.php',
        '/api/report.php',
      ]),
    );
  });

  it('refuses them in every text field, as JSON and as a form, and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const op of operations) {
      const base = Object.fromEntries(op.textFields);
      for (const field of op.textFields.keys()) {
        if (op.contentTypes.includes('application/json')) {
          for (const value of HOSTILE_TEXT) {
            const res = await send(
              op,
              'application/json',
              JSON.stringify({ ...base, [field]: value }),
            );
            if (!refusesField(res, field)) {
              failures.push(
                `${op.path} json ${field}=${JSON.stringify(value)}: ${describeAnswer(res)}`,
              );
            }
          }
        }
        if (op.contentTypes.includes('application/x-www-form-urlencoded')) {
          for (const escaped of HOSTILE_ESCAPES) {
            const form = Object.entries(base)
              .map(
                ([name, value]) =>
                  `${name}=${name === field ? escaped : encodeURIComponent(value)}`,
              )
              .join('&');
            const res = await send(op, 'application/x-www-form-urlencoded', form);
            if (!refusesField(res, field)) {
              failures.push(`${op.path} form ${field}=${escaped}: ${describeAnswer(res)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bytes that are not UTF-8 in a raw body', async () => {
    const bad = Buffer.from([0x75, 0x73, 0x72, 0x3d, 0xff, 0xfe]); // usr=\xFF\xFE
    for (const contentType of ['application/x-www-form-urlencoded', 'application/json']) {
      const res = await send({ method: 'POST', path: '/api/login.php' }, contentType, bad);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_characters' });
    }
  });

  it('refuses them in the path parameters of every call that changes something', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.pathParams.length > 0)) {
      for (const escaped of HOSTILE_ESCAPES) {
        let path = op.path;
        for (const name of op.pathParams) path = path.replace(`{${name}}`, escaped);
        const res = await send({ method: op.method, path }, undefined, '');
        // HEAD answers carry no body: the status is all there is.
        const refused =
          op.method === 'HEAD'
            ? res.statusCode === 400
            : isCleanFailure(res) && res.json().code === 'invalid_characters';
        if (!refused) {
          failures.push(`${op.method} ${path}: ${describeAnswer(res)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('what people write', () => {
  it('is taken as it is: lines, tabs, emoji, RTL and CJK, as a form and as JSON', async () => {
    const owner = await makeUser(t.database);
    const { id } = await makeVideo(t.database, owner.id);
    const texts = [
      'First line\nsecond line\r\nthird\tcolumn',
      'Wow 🍑🔥👩🏽‍❤️‍👨🏻 so good',
      'مرحبا، فيديو رائع',
      '素晴らしい動画です！',
    ];
    for (const msg of texts) {
      const fields = { act: 'comm', section: 'video', object_id: String(id), msg };
      const asForm = await send(
        { method: 'POST', path: '/api/stat.php' },
        'application/x-www-form-urlencoded',
        new URLSearchParams(fields).toString(),
      );
      expect(asForm.statusCode, asForm.body).toBe(200);
      const asJson = await send(
        { method: 'POST', path: '/api/stat.php' },
        'application/json',
        JSON.stringify(fields),
      );
      expect(asJson.statusCode, asJson.body).toBe(200);
    }
    const stored = await t.database.query<{ body: string }>(
      "SELECT body FROM comments WHERE section = 'video' AND object_id = $1 ORDER BY id",
      [id],
    );
    expect(stored.map((row) => row.body)).toEqual(texts.flatMap((text) => [text, text]));
  });
});

/** One multipart body, by hand: `parts` are raw part texts, joined by the boundary. */
function multipart(parts: (string | Buffer)[], opts: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from('--xyz\r\n'), Buffer.from(part), Buffer.from('\r\n'));
  }
  if (opts.close !== false) chunks.push(Buffer.from('--xyz--\r\n'));
  return Buffer.concat(chunks);
}

const textPart = (name: string, value: string) =>
  `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
const filePart = (name: string, data: Buffer | string) =>
  Buffer.concat([
    Buffer.from(
      `Content-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.from(data),
  ]);

const WITH_BOUNDARY = 'multipart/form-data; boundary=xyz';

describe('every multipart call under malformed forms', () => {
  const multipartOps = () =>
    operations.filter((op) => op.contentTypes.includes('multipart/form-data'));

  it('documents the calls it attacks', () => {
    expect(multipartOps().map((op) => op.path)).toEqual(
      expect.arrayContaining([
        '/api/member.php',
        '/api/video_edit.php',
        '/api/age_verification.php',
        '/api/report.php',
        '/api/album_edit.php',
      ]),
    );
  });

  it('answers every malformed form with a 4xx failure of the catalogue and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const op of multipartOps()) {
      const file = op.fileFields[0] ?? 'file';
      const section = op.path === '/api/member.php' ? [textPart('section', 'u_ava')] : [];
      // The code each answers: a form that cannot be read is `bad_request`.
      const cases: [string, string, Buffer | string, string?][] = [
        ['no boundary', 'multipart/form-data', 'random text, no form at all'],
        ['an empty boundary', 'multipart/form-data; boundary=', multipart([textPart('a', 'b')])],
        ['random bytes', WITH_BOUNDARY, randomBytes(4096)],
        [
          'a body cut in a file part',
          WITH_BOUNDARY,
          multipart([...section, filePart(file, randomBytes(512))], { close: false }),
        ],
        [
          'a body cut in its headers',
          WITH_BOUNDARY,
          Buffer.from('--xyz\r\nContent-Disposition: form-data; na'),
        ],
        [
          'a part without a name',
          WITH_BOUNDARY,
          multipart([...section, 'Content-Disposition: form-data\r\n\r\nvalue']),
        ],
        [
          'two files',
          WITH_BOUNDARY,
          multipart([...section, filePart(file, 'one'), filePart(file, 'two')]),
        ],
        [
          'a file over the limit',
          WITH_BOUNDARY,
          multipart([...section, filePart(file, Buffer.alloc(10 * 1024 * 1024 + 1, 1))]),
          'file_too_large',
        ],
        [
          'too many fields',
          WITH_BOUNDARY,
          // More than any form has: the upload form's 2257 declaration takes up to 64.
          multipart(Array.from({ length: 100 }, (_, i) => textPart(`f${i}`, 'x'))),
        ],
        [
          'a field name with NUL',
          WITH_BOUNDARY,
          multipart([textPart('sec\u0000tion', 'u_ava')]),
          'invalid_characters',
        ],
      ];
      for (const [label, contentType, payload, code = 'bad_request'] of cases) {
        const res = await send(op, contentType, payload);
        if (!isCleanFailure(res) || res.json().code !== code) {
          failures.push(`${op.path} ${label}: ${describeAnswer(res)}`);
        }
      }
      for (const field of [...op.textFields.keys(), 'extra']) {
        for (const value of HOSTILE_WELL_FORMED) {
          const payload = multipart([textPart(field, value), filePart(file, 'data')]);
          const res = await send(op, WITH_BOUNDARY, payload);
          if (!refusesField(res, field)) {
            failures.push(`${op.path} ${field}=${JSON.stringify(value)}: ${describeAnswer(res)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
