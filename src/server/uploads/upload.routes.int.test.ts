import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../tests/support/database.ts';
import { makeCategory } from '../../../tests/support/factories.ts';
import { waitForPipeline } from '../../../tests/support/media.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import {
  videoEdit as edit,
  makeClip,
  pendingUploads as pendingIn,
  startUploadSite,
  type UploadSite,
  tusUpload as upload,
  videoForm,
} from '../../../tests/support/uploads.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { videoPath, videos2Path } from '../../contracts/paths.ts';
import {
  chosenPreviewKey,
  videoPreviewKey,
  videoScreenshotKey,
  videoSourceKey,
  videoThumbKey,
} from '../../media/keys.ts';
import type { LocalStorage } from '../../media/storage.ts';
import { createUploadRepository } from './upload.repository.ts';

// Uploads end to end over real HTTP: tus-js-client (as the browser runs it) against the app
// listening on a port, the inspection with real ffmpeg, the form, and the media pipeline on
// a real job queue. Synthetic clips only (lavfi test patterns). Who may touch an upload:
// upload-access.int.test.ts.

let site: UploadSite;
let db: TestDatabase;
let app: FastifyInstance;
let storage: LocalStorage;
let base: string;
let categoryIds: number[];
const clips: Record<'long' | 'long2' | 'long3' | 'short', Buffer> = {} as never;

/** Mean difference of two images' pixels (0-255), compared at a small size. */
async function difference(a: string, b: string): Promise<number> {
  const pixels = (file: string) => sharp(file).resize(64, 36).removeAlpha().raw().toBuffer();
  const [x, y] = [await pixels(a), await pixels(b)];
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return sum / x.length;
}

beforeAll(async () => {
  site = await startUploadSite({ UPLOAD_MAX_PENDING: '2' });
  ({ db, app, storage, base } = site);
  categoryIds = [];
  for (const title of ['Amateur', 'Outdoor', 'Vintage', 'Solo']) {
    categoryIds.push((await makeCategory(db.database, title)).id);
  }
  clips.long = await makeClip(site.dir, 390, 440);
  clips.long2 = await makeClip(site.dir, 390, 660);
  clips.long3 = await makeClip(site.dir, 390, 880);
  clips.short = await makeClip(site.dir, 20, 440);
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const tusUpload = (session: TestSession, file: Buffer, filename: string) =>
  upload(site, session, file, filename);
const videoEdit = (session: TestSession | null, fields: Record<string, string>) =>
  edit(site, session, fields);
const form = (uploadId: string, extra: Record<string, string> = {}) =>
  videoForm(uploadId, categoryIds, extra);
const pendingUploads = (userId = 0) => pendingIn(site, userId);

/** A PNG whose header claims this size, with one row of pixel data behind it. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const videoCount = async () =>
  Number((await db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM videos'))[0]?.n);

describe('uploading a video', () => {
  it('takes a file, offers previews, and makes a processing video that plays and counts', async () => {
    const member = await signInAs(app, db.database);
    const uploadId = await tusUpload(member, clips.long, 'sunsetwalk.mp4');
    expect(uploadId).toMatch(new RegExp(`^u${member.userId}-[0-9a-f]{32}$`));

    const screens = await videoEdit(member, { section: 'screens', upload_id: uploadId });
    expect(screens.status).toBe(200);
    expect(screens.body).toMatchObject({
      success: 1,
      duration: '6:30',
      duration_seconds: '390',
      width: '128',
      height: '72',
      exclusive_only: '1',
    });
    expect(screens.body.screenshots).toHaveLength(6);
    expect(screens.body.screenshots[0]).toMatch(/^data:image\/jpeg;base64,/);

    // Not exclusive: under the 10 minutes of SPEC.md §5, and nothing is made.
    const regular = await videoEdit(member, form(uploadId, { exclusive: '0' }));
    expect(regular.status).toBe(400);
    expect(regular.body).toMatchObject({ code: 'video_too_short', info: { min: 10 } });
    expect(await videoCount()).toBe(0);

    const created = await videoEdit(member, form(uploadId));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ success: 1, status_id: '3' });
    const videoId = Number(created.body.video_id);
    expect(created.body.url).toBe(`/videos/${videoId}/sunset-walk-on-the-pier/`);
    const [row] = await db.database.query<Record<string, unknown>>(
      `SELECT user_id, status_id, exclusive, is_private, duration, source_sha256, gender,
              (SELECT array_agg(category_id ORDER BY category_id) FROM video_categories WHERE video_id = v.id) AS categories,
              (SELECT array_agg(t.title ORDER BY t.title) FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = v.id) AS tags
         FROM videos v WHERE id = $1`,
      [videoId],
    );
    expect(row).toMatchObject({
      user_id: member.userId,
      status_id: 3,
      exclusive: true,
      is_private: 0,
      duration: 390,
      gender: 'str',
      categories: categoryIds.slice(0, 2),
      tags: ['dusk', 'pier walk'],
    });
    expect(row?.source_sha256).toMatch(/^[0-9a-f]{64}$/);
    // The file moved into storage as the source; the upload is gone.
    expect(await storage.exists(videoSourceKey(videoId, 'mp4'))).toBe(true);
    expect(await pendingUploads(member.userId)).toEqual([]);
    const status = await app.inject({ url: `/api/video_status.php?video_id=${videoId}` });
    expect(status.json()).toMatchObject({ video_id: String(videoId) });

    // The pipeline makes it playable; a member's upload then waits for review (decision
    // 0043): not counted, not listed, no public page. The chosen frame is its main screenshot.
    const done = await waitForPipeline(db.database, videoId);
    expect(done?.status_id).toBe(VIDEO_STATUS.review);
    const uploads = () =>
      app.inject({
        url: videos2Path({
          lifetime: 0,
          gender: 'str',
          sort: 'latest-updates',
          count: 60,
          section: 'members',
          objectId: String(member.userId),
          page: 1,
          type: 'all',
          duration: '',
          date: '',
        }),
      });
    expect((await uploads()).json().videos).toEqual([]);
    const waiting = await db.database.query<{ n: number }>(
      'SELECT videos_count AS n FROM users WHERE id = $1',
      [member.userId],
    );
    expect(waiting[0]?.n).toBe(0);
    const page = videoPath(0, videoId);
    expect((await app.inject({ url: page })).statusCode).toBe(404);

    // A moderator approves it: now it is published.
    const moderator = await signInAsStaff(app, db.database, 'moderator');
    const approved = await app.inject({
      method: 'POST',
      url: `/api/admin/review/${videoId}`,
      headers: { ...moderator.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(approved.json()).toEqual({ success: 1, next: null });
    const preview = storage.localPath(videoPreviewKey(videoId));
    const chosen = await difference(preview, storage.localPath(chosenPreviewKey(videoId)));
    const atThirty = await difference(preview, storage.localPath(videoScreenshotKey(videoId, 2)));
    expect(chosen).toBeLessThan(2);
    expect(atThirty).toBeGreaterThan(chosen * 2);

    // Counted once on the member, its categories and tags; listed among their uploads.
    const counts = await db.database.query<{ n: number }>(
      `SELECT videos_count AS n FROM users WHERE id = $1
       UNION ALL SELECT videos_str FROM categories WHERE id = $2
       UNION ALL SELECT videos_count FROM tags WHERE dir = 'pier-walk'`,
      [member.userId, categoryIds[0]],
    );
    expect(counts.map((c) => c.n)).toEqual([1, 1, 1]);
    expect(await createUploadRepository(db.database).countPublished(videoId)).toBe(false);
    expect((await app.inject({ url: page })).statusCode).toBe(200);
    const list = await uploads();
    expect(list.json().videos.map((v: { video_id: string }) => v.video_id)).toEqual([
      String(videoId),
    ]);

    // Only the owner deletes it; the counters follow.
    const other = await signInAs(app, db.database);
    const refused = await videoEdit(other, { section: 'delete', video_id: String(videoId) });
    expect(refused).toMatchObject({ status: 403, body: { code: 'no_permission' } });
    expect((await videoEdit(null, { section: 'delete', video_id: String(videoId) })).status).toBe(
      401,
    );
    const removed = await videoEdit(member, { section: 'delete', video_id: String(videoId) });
    expect(removed).toMatchObject({ status: 200, body: { success: 1 } });
    const [gone] = await db.database.query<{ status_id: number; n: number }>(
      'SELECT v.status_id, u.videos_count AS n FROM videos v JOIN users u ON u.id = v.user_id WHERE v.id = $1',
      [videoId],
    );
    expect(gone).toEqual({ status_id: 5, n: 0 });
    expect(await storage.exists(videoSourceKey(videoId, 'mp4'))).toBe(false);
    const again = await videoEdit(member, { section: 'delete', video_id: String(videoId) });
    expect(again).toMatchObject({ status: 404, body: { code: 'not_found' } });
  }, 240_000);

  it('takes an own preview image, and refuses one that is not an image or too many pixels', async () => {
    // A trusted uploader (decision 0043): their upload skips the review queue.
    const member = await signInAs(app, db.database);
    await db.database.query('UPDATE users SET trusted_uploader = true WHERE id = $1', [
      member.userId,
    ]);
    app.sessions.forget(member.userId);
    const uploadId = await tusUpload(member, clips.long2, 'withcover.mkv');
    const post = (image: Buffer, type: string) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(form(uploadId, { screenshot: '' }))) {
        body.append(name, value);
      }
      body.append('preview', new Blob([new Uint8Array(image)], { type }), 'cover.png');
      return fetch(`${base}/api/video_edit.php`, { method: 'POST', headers: member.headers, body });
    };
    // Not an image; 256 megapixels of one colour (under a MB as PNG, 768 MB decoded); a PNG
    // whose header claims 100000x100000 with a few bytes behind it: all refused, nothing made.
    const huge = await sharp({
      create: { width: 16_000, height: 16_000, channels: 3, background: '#336699' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    for (const [name, image] of [
      ['text', Buffer.from('not an image at all')],
      ['16000x16000', huge],
      ['header only', pngHeaderOnly(100_000, 100_000)],
    ] as const) {
      const bad = await post(image, 'image/png');
      expect(bad.status, name).toBe(400);
      expect(await bad.json(), name).toMatchObject({
        code: 'screen_upload_error',
        field: 'preview',
      });
      expect(await videoCount(), name).toBe(1);
    }

    const cover = await sharp({
      create: { width: 800, height: 450, channels: 3, background: '#d04080' },
    })
      .png()
      .toBuffer();
    const ok = await post(cover, 'image/png');
    expect(ok.status).toBe(200);
    const { video_id: videoId } = (await ok.json()) as { video_id: string };
    expect(await storage.exists(videoSourceKey(Number(videoId), 'mkv'))).toBe(true);
    // The pipeline makes the member's image the main screenshot and the thumb, and
    // publishes the trusted member's video itself.
    const done = await waitForPipeline(db.database, Number(videoId));
    expect(done?.status_id).toBe(VIDEO_STATUS.active);
    for (const key of [videoPreviewKey(Number(videoId)), videoThumbKey(Number(videoId))]) {
      const { channels } = await sharp(storage.localPath(key)).stats();
      expect(
        channels.slice(0, 3).map((c) => Math.round(c.mean / 16)),
        key,
      ).toEqual([13, 4, 8]);
    }
  }, 120_000);

  it('refuses the same file twice: at the look and at the form, creating nothing', async () => {
    const first = await signInAs(app, db.database);
    const second = await signInAs(app, db.database);
    const one = await tusUpload(first, clips.long3, 'original.mp4');
    const two = await tusUpload(second, clips.long3, 'copy.mp4');
    expect((await videoEdit(first, form(one))).status).toBe(200);
    const before = await videoCount();
    const screens = await videoEdit(second, { section: 'screens', upload_id: two });
    expect(screens).toMatchObject({
      status: 400,
      body: { code: 'video_duplicate', field: 'file' },
    });
    const submitted = await videoEdit(second, form(two));
    expect(submitted).toMatchObject({ status: 400, body: { code: 'video_duplicate' } });
    expect(await videoCount()).toBe(before);
  });

  it('refuses a file that is not a video and one too short for any upload', async () => {
    const member = await signInAs(app, db.database);
    const broken = await tusUpload(member, randomBytes(40_000), 'broken.mp4');
    const before = await videoCount();
    for (const fields of [{ section: 'screens', upload_id: broken }, form(broken)]) {
      const answer = await videoEdit(member, fields);
      expect(answer).toMatchObject({ status: 400, body: { code: 'video_corrupted_file' } });
    }
    await fetch(`${base}/api/upload/${broken}`, {
      method: 'DELETE',
      headers: { ...member.headers, 'tus-resumable': '1.0.0' },
    });
    const short = await tusUpload(member, clips.short, 'short.mp4');
    const screens = await videoEdit(member, { section: 'screens', upload_id: short });
    expect(screens).toMatchObject({
      status: 400,
      body: { code: 'video_too_short', info: { min: 6 } },
    });
    const submitted = await videoEdit(member, form(short));
    expect(submitted.body).toMatchObject({ code: 'video_too_short', info: { min: 6 } });
    expect(await videoCount()).toBe(before);
  });

  it('answers every failing field of the form at once, the preview included', async () => {
    const member = await signInAs(app, db.database);
    const before = await videoCount();
    const answer = await videoEdit(member, {
      upload_id: '',
      title: 'ab',
      description: 'x'.repeat(2001),
      categories: categoryIds.join(','),
      tags: 'ok, x',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.codes).toEqual([
      { field: 'upload_id', code: 'required' },
      { field: 'title', code: 'min_length' },
      { field: 'description', code: 'max_length' },
      { field: 'categories', code: 'min_max_cats' },
      { field: 'tags', code: 'min_length' },
      { field: 'screenshot', code: 'need_select_screenshot' },
      // The confirmation of the forbidden content and the 2257 record (decision 0055).
      { field: 'rules_confirmed', code: 'required' },
      { field: 'record', code: 'required' },
    ]);
    const none = await videoEdit(
      member,
      form(`u${member.userId}-${'0'.repeat(32)}`, { categories: '' }),
    );
    expect(none.body.codes).toEqual([{ field: 'categories', code: 'min_max_cats' }]);
    expect(await videoCount()).toBe(before);
  });
});
