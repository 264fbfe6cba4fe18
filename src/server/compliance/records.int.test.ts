import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeRecord, makeVideo } from '../../../tests/support/factories.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import {
  makeClip,
  startUploadSite,
  tusUpload,
  type UploadSite,
  videoForm,
} from '../../../tests/support/uploads.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';

// 2257 records over real HTTP (issue 17, decision 0055): the upload form's confirmation and
// declaration (documents sniffed, encrypted under random names, the declaration sealed with
// the video), the refusals that change nothing, who may read a record back (administrators
// only, every read of the record and of each document in the audit log), what moderators see
// instead, and approval refused to a video without a record.

let site: UploadSite;
let clip: Buffer;
let categoryIds: number[];
let uploader: TestSession;
let other: TestSession;
let moderator: TestSession;
let admin: TestSession;

const JANE = 'Janet Quillfeather';
const JOHN = 'Jonah Marrowby';
let jpeg: Buffer;
let png: Buffer;
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

beforeAll(async () => {
  site = await startUploadSite();
  categoryIds = [];
  for (const title of ['Amateur', 'Outdoor']) {
    categoryIds.push((await makeCategory(site.db.database, title)).id);
  }
  clip = await makeClip(site.dir, 390, 523);
  const { app, db } = site;
  uploader = await signInAs(app, db.database, 'recorduploader');
  other = await signInAs(app, db.database, 'recordother');
  moderator = await signInAsStaff(app, db.database, 'moderator', 'recordmod');
  admin = await signInAsStaff(app, db.database, 'administrator', 'recordadmin');
  const picture = sharp({
    create: { width: 64, height: 40, channels: 3, background: { r: 200, g: 90, b: 40 } },
  });
  jpeg = await picture.clone().jpeg().toBuffer();
  png = await picture.clone().png().toBuffer();
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** The upload form as the browser sends it: multipart, with the documents as files. */
async function submit(
  session: TestSession,
  fields: Record<string, string>,
  files: Record<string, { data: Buffer; name: string; type: string } | undefined> = {},
) {
  const body = new FormData();
  body.append('section', 'add');
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    if (!file) continue;
    body.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  }
  const res = await fetch(`${site.base}/api/video_edit.php`, {
    method: 'POST',
    headers: session.headers,
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const get = (url: string, session: TestSession | null) =>
  site.app.inject({ method: 'GET', url, headers: session?.headers ?? {} });

async function storedDocuments(): Promise<string[]> {
  const dir = site.config.records.dir;
  const found: string[] = [];
  for (const shard of await readdir(dir).catch(() => [])) {
    for (const name of await readdir(path.join(dir, shard)))
      found.push(path.join(dir, shard, name));
  }
  return found;
}

const count = async (sql: string, params: unknown[] = []) =>
  Number(
    (await site.db.database.query<{ n: number }>(`SELECT count(*)::int AS n ${sql}`, params))[0]?.n,
  );
const auditCount = (action: string, videoId: number) =>
  count('FROM audit_log WHERE action = $1 AND object_id = $2', [action, videoId]);

const declared = (uploadId: string, extra: Record<string, string> = {}) =>
  videoForm(uploadId, categoryIds, {
    record: 'performers',
    exemption: '',
    production_date: '2024-03-02',
    performer_1_name: JANE,
    performer_1_birth_date: '1994-07-19',
    performer_1_aliases: 'Jet Q, Janie',
    performer_2_name: JOHN,
    performer_2_birth_date: '2006-03-02',
    ...extra,
  });

const documents = () => ({
  performer_1_id_document: { data: jpeg, name: 'id.jpg', type: 'image/jpeg' },
  performer_1_release: { data: pdf, name: 'release.pdf', type: 'application/pdf' },
  performer_2_id_document: { data: png, name: 'id.png', type: 'image/png' },
  performer_2_release: { data: pdf, name: 'release.pdf', type: 'application/pdf' },
});

let videoId = 0;
let uploadId = '';

describe('the upload form’s confirmation and 2257 declaration', () => {
  it('refuses every failing field at once and keeps nothing: no video, no document', async () => {
    uploadId = await tusUpload(site, uploader, clip, 'recordclip.mp4');
    const videos = await count('FROM videos');
    const answer = await submit(
      uploader,
      declared(uploadId, {
        rules_confirmed: '',
        // 17 on the day of production.
        performer_2_birth_date: '2006-03-03',
      }),
      {
        ...documents(),
        // A GIF is no ID document, whatever its name says.
        performer_1_id_document: {
          data: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
          name: 'id.jpg',
          type: 'image/jpeg',
        },
        performer_2_release: undefined,
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.codes).toEqual([
      { field: 'rules_confirmed', code: 'required' },
      { field: 'performer_2_birth_date', code: 'performer_under_age' },
      { field: 'performer_2_release', code: 'required' },
      { field: 'performer_1_id_document', code: 'file_invalid_type' },
    ]);
    expect(await count('FROM videos')).toBe(videos);
    expect(await count('FROM performer_records')).toBe(0);
    expect(await storedDocuments()).toEqual([]);
  }, 60_000);

  it('refuses documents an exemption does not use, keeping none of them', async () => {
    const videos = await count('FROM videos');
    const answer = await submit(uploader, videoForm(uploadId, categoryIds), {
      performer_1_id_document: { data: jpeg, name: 'id.jpg', type: 'image/jpeg' },
      performer_3_release: { data: pdf, name: 'release.pdf', type: 'application/pdf' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.codes).toEqual([
      { field: 'performer_1_id_document', code: 'invalid_params' },
      { field: 'performer_3_release', code: 'invalid_params' },
    ]);
    expect(await count('FROM videos')).toBe(videos);
    expect(await count('FROM performer_records')).toBe(0);
    expect(await storedDocuments()).toEqual([]);
  }, 60_000);

  it('refuses a document over 8 MB by its field’s limit, whether under the form’s 10 or over', async () => {
    const MB = 1024 * 1024;
    for (const size of [9 * MB, 11 * MB]) {
      const answer = await submit(uploader, declared(uploadId), {
        ...documents(),
        performer_2_release: {
          data: Buffer.concat([jpeg, Buffer.alloc(size)]),
          name: 'release.jpg',
          type: 'image/jpeg',
        },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'file_too_large',
        field: 'performer_2_release',
        codes: [{ field: 'performer_2_release', code: 'file_too_large' }],
        info: { max: 8 * MB },
      });
      // The documents read before it are gone too.
      expect(await storedDocuments()).toEqual([]);
    }
    expect(await count('FROM performer_records')).toBe(0);
  }, 60_000);

  it('files the record with the video, sealed, its documents encrypted under random names', async () => {
    const answer = await submit(uploader, declared(uploadId), documents());
    expect(answer.status).toBe(200);
    videoId = Number(answer.body.video_id);
    const [video] = await site.db.database.query<{ rules_confirmed_at: Date | null }>(
      'SELECT rules_confirmed_at FROM videos WHERE id = $1',
      [videoId],
    );
    expect(video?.rules_confirmed_at).toBeInstanceOf(Date);
    const [row] = await site.db.database.query<{
      exemption: string | null;
      performers: number;
      key_id: string;
      sealed: string;
      user_id: number;
    }>(
      'SELECT exemption, performers, key_id, sealed, user_id FROM performer_records WHERE video_id = $1',
      [videoId],
    );
    expect(row).toMatchObject({ exemption: null, performers: 2, user_id: uploader.userId });
    expect(row?.key_id).toMatch(/^local-/);
    const sealedText = Buffer.from(row?.sealed ?? '', 'base64').toString('latin1');
    expect(sealedText).not.toContain('Quillfeather');
    expect(sealedText).not.toContain('1994-07-19');

    const files = await storedDocuments();
    expect(files).toHaveLength(4);
    for (const file of files) {
      expect(path.basename(file)).toMatch(/^[0-9a-f]{32}$/);
      expect(file.startsWith(site.config.mediaDir)).toBe(false);
      const bytes = await readFile(file);
      expect(bytes.includes(Buffer.from('%PDF'))).toBe(false);
      expect(bytes.subarray(1, 4).equals(jpeg.subarray(0, 3))).toBe(false);
    }
  }, 60_000);

  it('refuses an upload without the confirmation whoever sends it, a trusted uploader too', async () => {
    // Made trusted before its session's first request, which reads the viewer.
    const trusted = await signInAs(site.app, site.db.database, 'recordtrusted');
    await site.db.database.query('UPDATE users SET trusted_uploader = true WHERE id = $1', [
      trusted.userId,
    ]);
    const id = await tusUpload(site, trusted, await makeClip(site.dir, 390, 587), 'trusted.mp4');
    const videos = await count('FROM videos');
    const bare = await submit(
      trusted,
      videoForm(id, categoryIds, { rules_confirmed: '', record: '' }),
    );
    expect(bare.status).toBe(400);
    expect(bare.body.codes).toEqual([
      { field: 'rules_confirmed', code: 'required' },
      { field: 'record', code: 'required' },
    ]);
    expect(await count('FROM videos')).toBe(videos);
    // With an exemption it goes through, filed like any other.
    const exempt = await submit(trusted, videoForm(id, categoryIds));
    expect(exempt.status).toBe(200);
    expect(
      await count(
        "FROM performer_records WHERE video_id = $1 AND exemption = 'no_explicit_conduct'",
        [Number(exempt.body.video_id)],
      ),
    ).toBe(1);
  }, 60_000);
});

describe('reading a record back', () => {
  it('is refused to a visitor, another member, the uploader and a moderator, and not audited', async () => {
    const url = `/api/admin/records/${videoId}`;
    const refusals = {
      visitor: await get(url, null),
      other: await get(url, other),
      uploader: await get(url, uploader),
      moderator: await get(url, moderator),
    };
    expect(
      Object.fromEntries(
        Object.entries(refusals).map(([who, res]) => [who, `${res.statusCode} ${res.json().code}`]),
      ),
    ).toEqual({
      visitor: '401 need_auth',
      other: '403 no_permission',
      uploader: '403 no_permission',
      moderator: '403 no_permission',
    });
    for (const res of Object.values(refusals)) expect(res.body).not.toContain('Quillfeather');
    expect(await auditCount('records.read', videoId)).toBe(0);
  });

  it('shows a moderator that a record was filed and its kind, never its contents', async () => {
    const item = await get(`/api/admin/review/${videoId}`, moderator);
    expect(item.statusCode).toBe(200);
    expect(item.json().record).toMatchObject({ exemption: null, performers: 2 });
    expect(item.body).not.toContain('Quillfeather');
    expect(item.body).not.toContain('1994-07-19');
  });

  it('opens for an administrator, each read written to the audit log', async () => {
    const res = await get(`/api/admin/records/${videoId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { record, video } = res.json();
    expect(video).toMatchObject({ id: videoId, uploader: { id: uploader.userId } });
    expect(record).toMatchObject({ exemption: null, production_date: '2024-03-02' });
    // The same moment as the video's own confirmation time: one clock.
    const [confirmed] = await site.db.database.query<{ at: Date }>(
      'SELECT rules_confirmed_at AS at FROM videos WHERE id = $1',
      [videoId],
    );
    expect(record.rules_confirmed_at).toBe(confirmed?.at.toISOString());
    expect(record.performers).toMatchObject([
      {
        legal_name: JANE,
        birth_date: '1994-07-19',
        aliases: ['Jet Q', 'Janie'],
        age_at_production: 29,
      },
      { legal_name: JOHN, birth_date: '2006-03-02', aliases: [], age_at_production: 18 },
    ]);
    expect(await auditCount('records.read', videoId)).toBe(1);
    await get(`/api/admin/records/${videoId}`, admin);
    const [entry] = await site.db.database.query<{ actor_id: number; actor_role: string }>(
      `SELECT actor_id, actor_role FROM audit_log WHERE action = 'records.read' AND object_id = $1
        ORDER BY id DESC LIMIT 1`,
      [videoId],
    );
    expect(entry).toEqual({ actor_id: admin.userId, actor_role: 'administrator' });
    expect(await auditCount('records.read', videoId)).toBe(2);
  });

  it('hands an administrator each document as sent, uncached and audited; nobody else', async () => {
    const record = (await get(`/api/admin/records/${videoId}`, admin)).json().record;
    const [id, release] = record.performers[0].documents;
    expect(id).toMatchObject({ kind: 'id_document', type: 'image/jpeg', size: jpeg.length });
    const url = `/api/admin/records/${videoId}/documents/${id.id}`;
    for (const session of [null, other, uploader, moderator]) {
      const refused = await get(url, session);
      expect(refused.statusCode).toBeGreaterThanOrEqual(401);
      expect(refused.rawPayload.includes(jpeg.subarray(0, 16))).toBe(false);
    }
    expect(await auditCount('records.read_document', videoId)).toBe(0);
    const res = await get(url, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="2257-/);
    expect(res.rawPayload.equals(jpeg)).toBe(true);
    const pdfRes = await get(`/api/admin/records/${videoId}/documents/${release.id}`, admin);
    expect(pdfRes.rawPayload.equals(pdf)).toBe(true);
    expect(await auditCount('records.read_document', videoId)).toBe(2);
    // A document of no record of this video's: not found, and not audited.
    const stranger = await get(`/api/admin/records/${videoId}/documents/${'f'.repeat(32)}`, admin);
    expect(stranger.statusCode).toBe(404);
    expect(await auditCount('records.read_document', videoId)).toBe(2);
  });
});

describe('approving an upload', () => {
  it('is refused without a record, saying so, and goes through once one is filed', async () => {
    const { id } = await makeVideo(site.db.database, other.userId, { title: 'No papers yet' });
    await site.db.database.query(
      `UPDATE videos SET status_id = 6, needs_review = true, media = '{"counted": false}'::jsonb,
              review_since = now() WHERE id = $1`,
      [id],
    );
    const item = await get(`/api/admin/review/${id}`, moderator);
    expect(item.json().record).toBeNull();
    const queue = await get('/api/admin/review', moderator);
    expect(queue.json().items.find((v: { id: number }) => v.id === id)).toMatchObject({
      record: false,
    });
    const approve = () =>
      site.app.inject({
        method: 'POST',
        url: `/api/admin/review/${id}`,
        headers: { ...moderator.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'decision=approve',
      });
    const refused = await approve();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'records_missing' });
    const status = async () =>
      Number(
        (
          await site.db.database.query<{ status_id: number }>(
            'SELECT status_id FROM videos WHERE id = $1',
            [id],
          )
        )[0]?.status_id,
      );
    expect(await status()).toBe(VIDEO_STATUS.review);
    expect(await auditCount('video.approve', id)).toBe(0);
    await makeRecord(site.db.database, id, other.userId);
    expect((await approve()).statusCode).toBe(200);
    expect(await status()).toBe(VIDEO_STATUS.active);
  });
});
