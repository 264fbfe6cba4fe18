import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo } from '../../../tests/support/factories.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import { startUploadSite, type UploadSite } from '../../../tests/support/uploads.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';

// A 2257 record filed after the upload (decision 0055, `section=records` of video_edit.php):
// an upload waiting for review without a record (made before records existed) gets one from
// its owner, under the upload form's rules and sealing, and can then be approved. Someone
// else's video, a visitor, a deleted or removed video, a second filing and a form that fails
// are refused and change nothing: no row, no document on disk, no confirmation time.

let site: UploadSite;
let uploader: TestSession;
let other: TestSession;
let moderator: TestSession;
let admin: TestSession;
let jpeg: Buffer;
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const NAME = 'Rosalind Featherstonehaugh';

beforeAll(async () => {
  site = await startUploadSite();
  const { app, db } = site;
  uploader = await signInAs(app, db.database, 'lateuploader');
  other = await signInAs(app, db.database, 'lateother');
  moderator = await signInAsStaff(app, db.database, 'moderator', 'latemod');
  admin = await signInAsStaff(app, db.database, 'administrator', 'lateadmin');
  jpeg = await sharp({
    create: { width: 64, height: 40, channels: 3, background: { r: 30, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer();
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** An upload waiting for review with no record, as the queue held them before 0055. */
async function waitingWithoutRecord(userId: number, title: string): Promise<number> {
  const { id } = await makeVideo(site.db.database, userId, { title });
  await site.db.database.query(
    `UPDATE videos SET status_id = $2, needs_review = true, media = '{"counted": false}'::jsonb,
            review_since = now(), rules_confirmed_at = NULL WHERE id = $1`,
    [id, VIDEO_STATUS.review],
  );
  return id;
}

type Files = Record<string, { data: Buffer; name: string; type: string } | undefined>;

/** The filing as the uploads tab sends it: multipart, the documents as files. */
async function file(
  session: TestSession | null,
  fields: Record<string, string>,
  files: Files = {},
) {
  const body = new FormData();
  body.append('section', 'records');
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, f] of Object.entries(files)) {
    if (f) body.append(name, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  }
  const res = await fetch(`${site.base}/api/video_edit.php`, {
    method: 'POST',
    headers: session?.headers ?? { 'x-requested-with': 'XMLHttpRequest' },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const performers = (videoId: number, extra: Record<string, string> = {}) => ({
  video_id: String(videoId),
  rules_confirmed: '1',
  record: 'performers',
  production_date: '2023-11-20',
  performer_1_name: NAME,
  performer_1_birth_date: '1991-02-14',
  performer_1_aliases: 'Roz F',
  ...extra,
});
const documents = (): Files => ({
  performer_1_id_document: { data: jpeg, name: 'id.jpg', type: 'image/jpeg' },
  performer_1_release: { data: pdf, name: 'release.pdf', type: 'application/pdf' },
});

async function storedDocuments(): Promise<string[]> {
  const dir = site.config.records.dir;
  const found: string[] = [];
  for (const shard of await readdir(dir).catch(() => [])) {
    for (const name of await readdir(path.join(dir, shard))) found.push(path.join(shard, name));
  }
  return found.sort();
}

async function recordRow(videoId: number) {
  const [row] = await site.db.database.query<{ sealed: string; performers: number }>(
    'SELECT sealed, performers FROM performer_records WHERE video_id = $1',
    [videoId],
  );
  return row;
}

async function video(videoId: number) {
  const [row] = await site.db.database.query<{
    status_id: number;
    rules_confirmed_at: Date | null;
  }>('SELECT status_id, rules_confirmed_at FROM videos WHERE id = $1', [videoId]);
  return row;
}

const approve = (videoId: number) =>
  site.app.inject({
    method: 'POST',
    url: `/api/admin/review/${videoId}`,
    headers: { ...moderator.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'decision=approve',
  });

const get = (url: string, session: TestSession) =>
  site.app.inject({ method: 'GET', url, headers: session.headers });

describe('filing the 2257 record of an own video after the upload', () => {
  let videoId = 0;

  it('is refused to a visitor, another member and staff, changing nothing', async () => {
    videoId = await waitingWithoutRecord(uploader.userId, 'Waiting since before records');
    const answers = {
      visitor: await file(null, performers(videoId), documents()),
      other: await file(other, performers(videoId), documents()),
      moderator: await file(moderator, performers(videoId), documents()),
      admin: await file(admin, performers(videoId), documents()),
    };
    expect(
      Object.fromEntries(
        Object.entries(answers).map(([who, a]) => [who, `${a.status} ${a.body.code}`]),
      ),
    ).toEqual({
      visitor: '401 need_auth',
      other: '403 no_permission',
      moderator: '403 no_permission',
      admin: '403 no_permission',
    });
    expect(await recordRow(videoId)).toBeUndefined();
    expect(await storedDocuments()).toEqual([]);
    expect((await video(videoId))?.rules_confirmed_at).toBeNull();
  });

  it('refuses a failing form with every field error at once, keeping no document', async () => {
    const answer = await file(
      uploader,
      performers(videoId, { rules_confirmed: '', performer_1_birth_date: '2006-11-21' }),
      {
        performer_1_id_document: {
          data: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
          name: 'id.jpg',
          type: 'image/jpeg',
        },
        performer_1_release: { data: pdf, name: 'release.pdf', type: 'application/pdf' },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.codes).toEqual([
      { field: 'rules_confirmed', code: 'required' },
      { field: 'performer_1_birth_date', code: 'performer_under_age' },
      { field: 'performer_1_id_document', code: 'file_invalid_type' },
    ]);
    const bare = await file(uploader, { video_id: String(videoId) });
    expect(bare.body.codes).toEqual([
      { field: 'rules_confirmed', code: 'required' },
      { field: 'record', code: 'required' },
    ]);
    expect(await recordRow(videoId)).toBeUndefined();
    expect(await storedDocuments()).toEqual([]);
    // The moderator still cannot approve it.
    expect((await approve(videoId)).json()).toMatchObject({ code: 'records_missing' });
  });

  it('refuses documents an exemption does not use, keeping none of them', async () => {
    const answer = await file(
      uploader,
      {
        video_id: String(videoId),
        rules_confirmed: '1',
        record: 'exempt',
        exemption: 'no_real_people',
      },
      documents(),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.codes).toEqual([
      { field: 'performer_1_id_document', code: 'invalid_params' },
      { field: 'performer_1_release', code: 'invalid_params' },
    ]);
    expect(await recordRow(videoId)).toBeUndefined();
    expect(await storedDocuments()).toEqual([]);
  });

  it('files it for the owner: sealed, documents encrypted, shown filed; then approve works', async () => {
    const answer = await file(uploader, performers(videoId), documents());
    expect(answer).toEqual({
      status: 200,
      body: { success: 1, video_id: String(videoId), record_filed: true },
    });
    const row = await recordRow(videoId);
    expect(row?.performers).toBe(1);
    expect(Buffer.from(row?.sealed ?? '', 'base64').toString('latin1')).not.toContain('Rosalind');
    expect(await storedDocuments()).toHaveLength(2);
    expect((await video(videoId))?.rules_confirmed_at).toBeInstanceOf(Date);

    // The member's tab and the moderator's review item say it is filed.
    const mine = (await get('/api/my_uploads.php?page=1', uploader)).json();
    expect(mine.items.find((v: { id: number }) => v.id === videoId)).toMatchObject({
      state: 'review',
      record_filed: true,
    });
    const item = (await get(`/api/admin/review/${videoId}`, moderator)).json();
    expect(item.record).toMatchObject({ exemption: null, performers: 1 });

    // An administrator reads what the owner declared, from where.
    const read = (await get(`/api/admin/records/${videoId}`, admin)).json();
    expect(read.record.performers).toMatchObject([
      { legal_name: NAME, birth_date: '1991-02-14', aliases: ['Roz F'], age_at_production: 32 },
    ]);
    expect(read.record.declared_from).toBe('127.0.0.1');

    const approved = await approve(videoId);
    expect(approved.statusCode).toBe(200);
    expect((await video(videoId))?.status_id).toBe(VIDEO_STATUS.active);
  });

  it('refuses a second filing, keeping the first record and writing no document', async () => {
    const before = await recordRow(videoId);
    const files = await storedDocuments();
    const again = await file(uploader, performers(videoId), documents());
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'already_added',
      field: 'video_id',
      info: { reason: 'record_filed' },
    });
    const exempt = await file(uploader, {
      video_id: String(videoId),
      rules_confirmed: '1',
      record: 'exempt',
      exemption: 'no_real_people',
    });
    expect(exempt.body).toMatchObject({ code: 'already_added' });
    expect(await recordRow(videoId)).toEqual(before);
    expect(await storedDocuments()).toEqual(files);
  });

  it('refuses a deleted, a removed and an unknown video', async () => {
    const exempt = (id: number | string) => ({
      video_id: String(id),
      rules_confirmed: '1',
      record: 'exempt',
      exemption: 'no_explicit_conduct',
    });
    const deleted = await waitingWithoutRecord(uploader.userId, 'Deleted since');
    await site.db.database.query('UPDATE videos SET status_id = $2 WHERE id = $1', [
      deleted,
      VIDEO_STATUS.deleted,
    ]);
    const removed = await waitingWithoutRecord(uploader.userId, 'Taken down');
    await site.db.database.query('UPDATE videos SET status_id = $2 WHERE id = $1', [
      removed,
      VIDEO_STATUS.removed,
    ]);
    const answers = [
      await file(uploader, exempt(deleted)),
      await file(uploader, exempt(removed)),
      await file(uploader, exempt(999999)),
      await file(uploader, exempt('first')),
    ].map((a) => `${a.status} ${a.body.code} ${JSON.stringify(a.body.info ?? null)}`);
    expect(answers).toEqual([
      '404 not_found null',
      '403 no_permission {"reason":"video_removed"}',
      '404 not_found null',
      '400 invalid_params null',
    ]);
    expect(await recordRow(deleted)).toBeUndefined();
    expect(await recordRow(removed)).toBeUndefined();
  });

  it('files an exemption without documents, as a plain form', async () => {
    const id = await waitingWithoutRecord(uploader.userId, 'Animated short');
    const res = await site.app.inject({
      method: 'POST',
      url: '/api/video_edit.php',
      headers: { ...uploader.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        section: 'records',
        video_id: String(id),
        rules_confirmed: '1',
        record: 'exempt',
        exemption: 'no_real_people',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    const item = (await get(`/api/admin/review/${id}`, moderator)).json();
    expect(item.record).toMatchObject({ exemption: 'no_real_people', performers: 0 });
  });
});
