import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory } from '../../../tests/support/factories.ts';
import { waitUntil } from '../../../tests/support/processes.ts';
import { signInAs } from '../../../tests/support/session.ts';
import {
  startUploadSite,
  tusCreate,
  tusUpload,
  type UploadSite,
  videoEdit,
} from '../../../tests/support/uploads.ts';
import { runFfmpeg } from '../../media/exec.ts';
import { testSourceArgs } from '../../media/test-source.ts';

// A member's upload that can never become a video (security issue, item 9), over real HTTP
// with the real jobs: it ends as failed with the reason the member is told (SPEC.md §8
// `video_corrupted_file`), and it does not keep one of their UPLOAD_MAX_PENDING uploads.

let site: UploadSite;
let app: FastifyInstance;
let categoryId: number;
let clip: Buffer;

beforeAll(async () => {
  site = await startUploadSite({ UPLOAD_MAX_PENDING: '1' });
  app = site.app;
  categoryId = (await makeCategory(site.db.database, 'Amateur')).id;
  // 6.5 minutes (long enough for an exclusive upload), its index first as phones write it.
  const file = path.join(site.dir, 'long.mp4');
  const options = { durationS: 390, width: 64, height: 36, pattern: 'testsrc2', seed: 3 } as const;
  await runFfmpeg('ffmpeg', testSourceArgs({ ...options, output: file }), { timeoutMs: 60_000 });
  clip = await readFile(file);
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const form = (uploadId: string) => ({
  upload_id: uploadId,
  title: 'Harbour at night',
  categories: String(categoryId),
  exclusive: '1',
  screenshot: '1',
  // The confirmation and a 2257 record (decision 0055).
  rules_confirmed: '1',
  record: 'exempt',
  exemption: 'no_explicit_conduct',
});

async function videoStatus(videoId: number) {
  return (await app.inject({ url: `/api/video_status.php?video_id=${videoId}` })).json();
}

describe('an upload that can never become a video', () => {
  it('ends as failed when it is cut short, says why, and frees its slot', async () => {
    const member = await signInAs(app, site.db.database);
    // The first half of a real MP4: its index promises 6.5 minutes, its data stops halfway.
    const half = clip.subarray(0, Math.floor(clip.length / 2));
    const uploadId = await tusUpload(site, member, half, 'harbour.mp4');
    const screens = await videoEdit(site, member, { section: 'screens', upload_id: uploadId });
    expect(screens).toMatchObject({ status: 200, body: { duration_seconds: '390' } });
    const created = await videoEdit(site, member, form(uploadId));
    expect(created).toMatchObject({ status: 200, body: { status_id: '3' } });
    const videoId = Number(created.body.video_id);

    await waitUntil(
      'the video leaves processing',
      async () => (await videoStatus(videoId)).status_id !== '3',
      120_000,
    );
    expect(await videoStatus(videoId)).toMatchObject({
      status_id: '2',
      failure: 'video_corrupted_file',
      rungs: [],
    });
    // Never published, so nobody gets to watch half of it.
    const page = await app.inject({ url: `/api/json/video/0/0/0/${videoId}.json` });
    expect(page.json().video).toMatchObject({ status_id: '2', playable: '0', hls: '' });
    // The member may upload the next file.
    expect((await tusCreate(site, member, clip.length, 'next.mp4')).status).toBe(201);
  }, 240_000);

  it('frees the slot of a file the look refuses, which still answers why', async () => {
    const member = await signInAs(app, site.db.database);
    const notes = Buffer.from('#EXTM3U\n#EXTINF:390,\n/etc/hostname\n#EXT-X-ENDLIST\n');
    const uploadId = await tusUpload(site, member, notes, 'notes.mp4');
    for (const fields of [{ section: 'screens', upload_id: uploadId }, form(uploadId)]) {
      const answer = await videoEdit(site, member, fields);
      expect(answer).toMatchObject({
        status: 400,
        body: { code: 'video_corrupted_file', field: 'file' },
      });
    }
    expect((await tusCreate(site, member, clip.length, 'next.mp4')).status).toBe(201);
  });
});
