import { existsSync } from 'node:fs';
import { readFile, utimes } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../tests/support/database.ts';
import { makeCategory } from '../../../tests/support/factories.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import {
  tusCreate as create,
  videoEdit as edit,
  pendingUploads as pendingIn,
  startUploadSite,
  type UploadSite,
  videoForm,
} from '../../../tests/support/uploads.ts';
import type { Config } from '../config.ts';
import { createUploadStore } from './upload-store.ts';

// Who may touch an upload (docs/decisions/0015, 0022): only its member, through the one URL
// that names it. tus requests go out as raw HTTP so the exact request line reaches the app.

let site: UploadSite;
let db: TestDatabase;
let app: FastifyInstance;
let config: Config;
let base: string;
let categoryIds: number[];

beforeAll(async () => {
  site = await startUploadSite({ UPLOAD_MAX_PENDING: '2' });
  ({ db, app, config, base } = site);
  categoryIds = [];
  for (const title of ['Amateur', 'Outdoor']) {
    categoryIds.push((await makeCategory(db.database, title)).id);
  }
});

afterAll(async () => {
  await site?.close();
});

const tusCreate = (session: TestSession | null, length: number, filename: string, url?: string) =>
  create(site, session, length, filename, url);
const videoEdit = (session: TestSession | null, fields: Record<string, string>) =>
  edit(site, session, fields);
const form = (uploadId: string) => videoForm(uploadId, categoryIds);
const pendingUploads = (userId = 0) => pendingIn(site, userId);
const TUS = { 'tus-resumable': '1.0.0' };

/** A request with this exact request target (fetch would normalise it). */
function rawRequest(
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path: target, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const idOf = (res: Response) => String(res.headers.get('location')?.split('/').pop());

describe('who may upload', () => {
  it('refuses visitors everywhere with need_auth', async () => {
    const before = await pendingUploads();
    expect((await tusCreate(null, 1000, 'clip.mp4')).status).toBe(401);
    const head = await fetch(`${base}/api/upload/u1-${'a'.repeat(32)}`, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(401);
    const answer = await videoEdit(null, { section: 'screens', upload_id: 'x' });
    expect(answer).toMatchObject({ status: 401, body: { code: 'need_auth' } });
    expect(await pendingUploads()).toEqual(before);
  });

  it('keeps another member away from an upload: no HEAD, PATCH, DELETE, look or form', async () => {
    const owner = await signInAs(app, db.database);
    const intruder = await signInAs(app, db.database);
    const created = await tusCreate(owner, 1000, 'mine.mp4');
    expect(created.status).toBe(201);
    const url = `${base}${created.headers.get('location')}`;
    const id = String(url.split('/').pop());
    const tus = { 'tus-resumable': '1.0.0' };
    for (const init of [
      { method: 'HEAD', headers: { ...intruder.headers, ...tus } },
      {
        method: 'PATCH',
        headers: {
          ...intruder.headers,
          ...tus,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(1000),
      },
      { method: 'DELETE', headers: { ...intruder.headers, ...tus } },
    ]) {
      const res = await fetch(url, init);
      expect(res.status, init.method).toBe(403);
    }
    for (const fields of [{ section: 'screens', upload_id: id }, form(id)]) {
      const answer = await videoEdit(intruder, fields);
      expect(answer).toMatchObject({ status: 403, body: { code: 'no_permission' } });
    }
    // Untouched: the owner still sees it at offset 0.
    const head = await fetch(url, { method: 'HEAD', headers: { ...owner.headers, ...tus } });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('0');
    const unfinished = await videoEdit(owner, { section: 'screens', upload_id: id });
    expect(unfinished.body).toMatchObject({
      code: 'video_upload_error',
      info: { code: 'unfinished' },
    });
    const dropped = await fetch(url, { method: 'DELETE', headers: { ...owner.headers, ...tus } });
    expect(dropped.status).toBe(204);
  });

  it('checks the file before any byte: name, type, size, and pending uploads', async () => {
    const member = await signInAs(app, db.database);
    const cases: [number, string, number, string][] = [
      [1000, 'my video.mp4', 400, 'video_bad_filename'],
      [1000, 'клип.mp4', 400, 'video_bad_filename'],
      [1000, 'movie.txt', 400, 'file_invalid_type'],
      [1000, 'noextension', 400, 'file_invalid_type'],
      [11 * 1024 ** 3, 'huge.mp4', 413, 'video_size_limit'],
    ];
    for (const [length, name, status, code] of cases) {
      const res = await tusCreate(member, length, name);
      expect(res.status, name).toBe(status);
      expect(await res.json(), name).toMatchObject({ code, field: 'file' });
    }
    expect(await pendingUploads(member.userId)).toEqual([]);

    // UPLOAD_MAX_PENDING is 2 here: a third waits until one is dropped.
    const first = await tusCreate(member, 1000, 'First1.MOV');
    expect((await tusCreate(member, 1000, 'second2.webm')).status).toBe(201);
    const third = await tusCreate(member, 1000, 'third3.mp4');
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ code: 'rate_limited', info: { max: 2 } });
    await fetch(`${base}${first.headers.get('location')}`, {
      method: 'DELETE',
      headers: { ...member.headers, 'tus-resumable': '1.0.0' },
    });
    expect((await tusCreate(member, 1000, 'third3.mp4')).status).toBe(201);
  });

  it('removes uploads nobody touched for UPLOAD_STALE_HOURS', async () => {
    const member = await signInAs(app, db.database);
    const fresh = await tusCreate(member, 1000, 'fresh.mp4');
    const stale = await tusCreate(member, 1000, 'stale.mp4');
    const idOf = (res: Response) => String(res.headers.get('location')?.split('/').pop());
    const old = new Date(Date.now() - 72 * 3_600_000);
    for (const name of [idOf(stale), `${idOf(stale)}.json`]) {
      await utimes(path.join(config.uploadDir, 'files', name), old, old);
    }
    const store = createUploadStore(config.uploadDir);
    expect(await store.sweep(config.uploadStaleHours * 3_600_000)).toBe(1);
    expect(existsSync(path.join(config.uploadDir, 'files', idOf(stale)))).toBe(false);
    expect(existsSync(path.join(config.uploadDir, 'files', idOf(fresh)))).toBe(true);
  });
});

describe('upload URLs', () => {
  it('answers a creation with the relative URL of the new upload, and takes no query', async () => {
    const member = await signInAs(app, db.database);
    const created = await tusCreate(member, 1000, 'located.mp4');
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toMatch(
      new RegExp(`^/api/upload/u${member.userId}-[0-9a-f]{32}$`),
    );
    const before = await pendingUploads(member.userId);
    for (const url of ['/api/upload/?x=1', '/api/upload/?', `/api/upload/?/${idOf(created)}`]) {
      const res = await tusCreate(member, 1000, 'queried.mp4', url);
      expect(res.status, url).toBe(400);
      expect(await res.json(), url).toMatchObject({ code: 'bad_request' });
    }
    expect(await pendingUploads(member.userId)).toEqual(before);
  });

  it('acts only on the upload of the path: a query, encoding or extra segment reaches no other', async () => {
    const victim = await signInAs(app, db.database);
    const attacker = await signInAs(app, db.database);
    const target = idOf(await tusCreate(victim, 1000, 'victim.mp4'));
    const own = idOf(await tusCreate(attacker, 1000, 'attacker.mp4'));
    const sent = Buffer.alloc(100, 7);
    const patch = {
      ...TUS,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    };
    const first = await rawRequest(
      'PATCH',
      `/api/upload/${target}`,
      { ...victim.headers, ...patch },
      sent,
    );
    expect(first.status).toBe(204);

    const urls = [
      `/api/upload/${own}?x=/${target}`,
      `/api/upload/${own}?/${target}`,
      `/api/upload/${own}?x=%2F${target}`,
      `/api/upload/${own}?x=/${target}/`,
      `/api/upload/${own}%3Fx=%2F${target}`,
      `/api/upload/${own}%3F%2F${target}`,
      `/api/upload/${own}%2F${target}`,
      `/api/upload/${own}//${target}`,
      `/api/upload/${own}/${target}`,
      `/api/upload/${own}/../${target}`,
      `/api/upload//${target}`,
      `//api/upload/${target}`,
      `/api/upload/${target}/`,
      `/api/upload/${own}#/${target}`,
    ];
    for (const url of urls) {
      for (const [method, headers, body] of [
        ['HEAD', TUS, undefined],
        ['PATCH', { ...patch, 'upload-offset': '100' }, Buffer.alloc(50, 9)],
        ['DELETE', TUS, undefined],
      ] as const) {
        const res = await rawRequest(method, url, { ...attacker.headers, ...headers }, body);
        expect([400, 403, 404], `${method} ${url}`).toContain(res.status);
        expect(res.headers['upload-offset'], `${method} ${url}`).toBeUndefined();
      }
    }

    // The victim's upload is as they left it: there, at offset 100, with their bytes only.
    const head = await rawRequest('HEAD', `/api/upload/${target}`, { ...victim.headers, ...TUS });
    expect(head.status).toBe(200);
    expect(head.headers['upload-offset']).toBe('100');
    const file = path.join(config.uploadDir, 'files', target);
    expect((await readFile(file)).equals(sent)).toBe(true);
    expect(existsSync(`${file}.json`)).toBe(true);
    // And the attacker's own upload still answers at its one URL.
    const mine = await rawRequest('HEAD', `/api/upload/${own}`, { ...attacker.headers, ...TUS });
    expect(mine.status).toBe(200);
  });

  it('refuses a query on an upload URL with a clear 400, even on the own upload', async () => {
    const member = await signInAs(app, db.database);
    const id = idOf(await tusCreate(member, 1000, 'mine.mp4'));
    const res = await fetch(`${base}/api/upload/${id}?x=1`, {
      method: 'HEAD',
      headers: { ...member.headers, ...TUS },
    });
    expect(res.status).toBe(400);
    const dropped = await fetch(`${base}/api/upload/${id}?x=1`, {
      method: 'DELETE',
      headers: { ...member.headers, ...TUS },
    });
    expect(dropped.status).toBe(400);
    expect(await dropped.json()).toMatchObject({ code: 'bad_request' });
    expect(await pendingUploads(member.userId)).toHaveLength(1);
  });
});

describe('the protocol’s own refusals', () => {
  it('answer the SPEC.md §8 shape with tus’s status, so the screen can say why', async () => {
    const member = await signInAs(app, db.database);
    const id = idOf(await tusCreate(member, 1000, 'mine.mp4'));
    const url = `${base}/api/upload/${id}`;
    const patch = (offset: number, bytes: number) =>
      fetch(url, {
        method: 'PATCH',
        headers: {
          ...member.headers,
          ...TUS,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(bytes),
      });
    // Not where the upload stands (a second tab): tus clients retry a 409.
    const conflict = await patch(500, 10);
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ code: 'bad_request', field: 'file' });
    // More bytes than announced.
    const over = await patch(0, 1500);
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ code: 'video_size_limit', field: 'file' });
    // Gone (dropped in another tab, or swept): tus clients start the file anew on a 404.
    const dropped = await fetch(url, { method: 'DELETE', headers: { ...member.headers, ...TUS } });
    expect(dropped.status).toBe(204);
    const gone = await patch(0, 10);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: 'not_found', field: 'file' });
  });
});
