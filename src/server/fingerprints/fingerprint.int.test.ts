import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { startJobs } from '../../../tests/support/jobs.ts';
import { videoMediaRow } from '../../../tests/support/media.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { runFfmpeg } from '../../media/exec.ts';
import { videoDir, videoSourceKey } from '../../media/keys.ts';
import { LocalStorage } from '../../media/storage.ts';
import { testSourceArgs } from '../../media/test-source.ts';
import { createAccountDeletionRepository } from '../accounts/account-deletion.repository.ts';
import { SYSTEM_ACTOR } from '../kernel/audit/audit-entry.ts';
import type { JobQueue } from '../kernel/jobs/queue.ts';
import { createVideoMediaRepository } from '../media/video-media.repository.ts';
import { createUploadRepository } from '../uploads/upload.repository.ts';

// Re-uploads through the real pipeline (issue 17, decision 0056): real ffmpeg fingerprints a
// generated clip, and copies of it (cropped, trimmed with a logo, rescaled) are refused,
// failed as duplicates or held for review by what became of the original.

let db: TestDatabase;
let dir: string;
let storage: LocalStorage;
let queue: JobQueue;
let userId: number;
let original: string;

const CLIP = { durationS: 12, width: 160, height: 120, fps: 10 } as const;

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-fingerprint-'));
  storage = new LocalStorage(path.join(dir, 'media'));
  queue = await startJobs(db.database, storage);
  userId = (await makeUser(db.database)).id;
  await db.database.query('UPDATE users SET trusted_uploader = true WHERE id = $1', [userId]);
  original = path.join(dir, 'original.mp4');
  await runFfmpeg(
    'ffmpeg',
    testSourceArgs({ ...CLIP, output: original, pattern: 'mandelbrot', seed: 1 }),
    { timeoutMs: 60_000 },
  );
});

afterAll(async () => {
  await queue?.stop(5000);
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

/** A copy of the original (or of `source`) through an ffmpeg filter (and input options), re-encoded. */
async function copyOf(name: string, filter: string, inputOptions: string[] = [], source?: string) {
  const file = path.join(dir, name);
  await runFfmpeg(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y', ...inputOptions],
      ...['-i', source ?? original],
      ...['-vf', filter, '-c:v', 'libx264', '-crf', '32', '-preset', 'veryfast', '-an', file],
    ],
    { timeoutMs: 60_000 },
  );
  return file;
}

/** A new upload of `file` by the (trusted) member or `owner`, through the pipeline's first step. */
async function upload(file: string, owner = userId): Promise<number> {
  const { id } = await makeVideo(db.database, owner, { statusId: 3 });
  const key = videoSourceKey(id, 'mp4');
  await storage.putFile(key, file);
  await createVideoMediaRepository(db.database).setSource(id, key);
  await queue.waitFor(
    'media.process-video',
    await queue.send('media.process-video', { videoId: id }),
  );
  return id;
}

const fingerprintOf = async (id: number) =>
  (
    await db.database.query<{ frames: number; keys: number[] }>(
      'SELECT length(hashes) / 8 AS frames, keys FROM video_fingerprints WHERE video_id = $1',
      [id],
    )
  )[0];

describe('re-uploads caught by their fingerprint', () => {
  let originalId: number;

  it('keeps the fingerprint of every processed video', async () => {
    originalId = await upload(original);
    const fingerprint = await fingerprintOf(originalId);
    expect(Number(fingerprint?.frames)).toBe(CLIP.durationS);
    expect(fingerprint?.keys.length).toBeGreaterThan(0);
    const row = await videoMediaRow(db.database, originalId);
    expect(row?.media.matches).toBeUndefined();
    // Its encodes are planned: it goes on as any upload does.
    expect(Object.keys(row?.media.tasks ?? {}).some((task) => task.startsWith('hls:'))).toBe(true);
  });

  it('refuses a cropped copy of a video taken down for copyright, and flags it to staff', async () => {
    await db.database.query('UPDATE videos SET status_id = 8 WHERE id = $1', [originalId]);
    const [takedown] = await db.database.query<{ id: number }>(
      `INSERT INTO takedowns (object_type, object_id, reason, previous)
       VALUES ('video', $1, 'copyright', '{"status_id": 1}'::jsonb) RETURNING id`,
      [originalId],
    );
    const copy = await upload(await copyOf('cropped.mp4', 'crop=iw*0.9:ih*0.9,scale=160:120'));
    const row = await videoMediaRow(db.database, copy);
    expect(row?.status_id).toBe(2);
    expect(row?.media.error).toBe('video_reupload_blocked');
    expect(row?.media.refusal).toMatchObject({ id: originalId, reason: 'copyright' });
    // No step of it is planned, so nothing can ever be published; its first rung, encoded
    // beside the fingerprint (decision 0060), went with the first step's scratch.
    expect(row?.media.tasks).toBeUndefined();
    const work = await readdir(storage.localPath('work')).catch(() => []);
    expect(work.filter((name) => name.startsWith(`${copy}-`))).toEqual([]);
    const stored = await readdir(storage.localPath(videoDir(copy))).catch(() => []);
    expect(stored.filter((name) => /^g\d/.test(name))).toEqual([]);
    const reports = await db.database.query<{ subject: string; message: string }>(
      `SELECT subject, message FROM reports WHERE object_type = 'video' AND object_id = $1`,
      [copy],
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]?.subject).toBe('dmca');
    expect(reports[0]?.message).toContain(`#${originalId}`);
    const audit = await db.database.query<{ actor_role: string; reason: string }>(
      `SELECT actor_role, reason FROM audit_log
        WHERE action = 'video.reupload_refused' AND object_id = $1`,
      [copy],
    );
    expect(audit).toEqual([{ actor_role: 'system', reason: 'copyright' }]);
    // Restored: the original is live and public again.
    await db.database.query('UPDATE takedowns SET restored_at = now() WHERE id = $1', [
      takedown?.id,
    ]);
    await db.database.query('UPDATE videos SET status_id = 1, is_private = 0 WHERE id = $1', [
      originalId,
    ]);
  });

  it('fails a trimmed copy with a logo of a live public video as a duplicate', async () => {
    const copy = await upload(
      await copyOf(
        'trimmed.mp4',
        'drawbox=x=iw*0.75:y=ih*0.05:w=iw*0.2:h=ih*0.15:color=white@0.9:t=fill',
        ['-ss', '2.5', '-t', '8'],
      ),
    );
    const row = await videoMediaRow(db.database, copy);
    expect(row?.status_id).toBe(2);
    expect(row?.media.error).toBe('video_duplicate');
    expect(row?.media.matches?.[0]).toMatchObject({ id: originalId, verdict: 'match' });
  });

  it('holds a rescaled copy of a private video for review, even from a trusted uploader', async () => {
    await db.database.query('UPDATE videos SET is_private = 1 WHERE id = $1', [originalId]);
    const copy = await upload(await copyOf('rescaled.mp4', 'scale=320:240'));
    const [row] = await db.database.query<{ needs_review: boolean; status_id: number }>(
      'SELECT needs_review, status_id FROM videos WHERE id = $1',
      [copy],
    );
    // Held: still processing, or waiting for review once its first rung is published (that
    // step may already have run, decision 0060); a trusted uploader's video would be active.
    expect(row?.needs_review).toBe(true);
    expect([VIDEO_STATUS.processing, VIDEO_STATUS.review]).toContain(row?.status_id);
    const media = (await videoMediaRow(db.database, copy))?.media;
    expect(media?.matches?.[0]?.id).toBe(originalId);
    expect(media?.matches?.[0]?.similarity).toBeGreaterThan(0.6);
  });

  it('lets a different video through', async () => {
    const other = path.join(dir, 'other.mp4');
    await runFfmpeg(
      'ffmpeg',
      testSourceArgs({ ...CLIP, output: other, pattern: 'life', seed: 5 }),
      { timeoutMs: 60_000 },
    );
    const id = await upload(other);
    const [row] = await db.database.query<{ needs_review: boolean; status_id: number }>(
      'SELECT needs_review, status_id FROM videos WHERE id = $1',
      [id],
    );
    expect(row?.needs_review).toBe(false);
    expect(row?.status_id).not.toBe(2);
    expect((await videoMediaRow(db.database, id))?.media.matches).toBeUndefined();
  });
});

describe('what a takedown makes of a copy', () => {
  let ownerId: number;
  let takenId: number;
  let taken: string;

  beforeAll(async () => {
    ownerId = (await makeUser(db.database)).id;
    taken = path.join(dir, 'taken.mp4');
    await runFfmpeg(
      'ffmpeg',
      testSourceArgs({ ...CLIP, output: taken, pattern: 'life', seed: 21 }),
      { timeoutMs: 60_000 },
    );
    takenId = await upload(taken, ownerId);
  });

  /** Takes a video down as staff do (status 8, the takedown in force); its id. */
  async function takeDown(videoId: number, reason: string): Promise<number> {
    await db.database.query('UPDATE videos SET status_id = 8 WHERE id = $1', [videoId]);
    const [row] = await db.database.query<{ id: number }>(
      `INSERT INTO takedowns (object_type, object_id, reason, previous)
       VALUES ('video', $1, $2, '{"status_id": 1}'::jsonb) RETURNING id`,
      [videoId, reason],
    );
    return Number(row?.id);
  }

  async function restore(takedownId: number, videoId: number): Promise<void> {
    await db.database.query('UPDATE takedowns SET restored_at = now() WHERE id = $1', [takedownId]);
    await db.database.query('UPDATE videos SET status_id = 1 WHERE id = $1', [videoId]);
  }

  const reportsOf = (id: number) =>
    db.database.query<{ subject: string }>(
      `SELECT subject FROM reports WHERE object_type = 'video' AND object_id = $1`,
      [id],
    );

  it('refuses a copy of a video taken down for sexual content of minors, reported as inappropriate', async () => {
    const takedown = await takeDown(takenId, 'minors');
    const copy = await upload(await copyOf('minors.mp4', 'scale=320:240', [], taken));
    const row = await videoMediaRow(db.database, copy);
    expect(row?.status_id).toBe(2);
    expect(row?.media.error).toBe('video_reupload_blocked');
    expect(row?.media.refusal).toMatchObject({ id: takenId, reason: 'minors' });
    expect(await reportsOf(copy)).toEqual([{ subject: 'inappropriate' }]);
    await restore(takedown, takenId);
  });

  it('holds a copy of a video taken down for spam for review, not refused', async () => {
    const takedown = await takeDown(takenId, 'spam');
    const copy = await upload(
      await copyOf('spam.mp4', 'crop=iw*0.9:ih*0.9,scale=160:120', [], taken),
    );
    const [row] = await db.database.query<{ needs_review: boolean; status_id: number }>(
      'SELECT needs_review, status_id FROM videos WHERE id = $1',
      [copy],
    );
    // Held: still processing, or waiting for review once its first rung is published (that
    // step may already have run, decision 0060); a trusted uploader's video would be active.
    expect(row?.needs_review).toBe(true);
    expect([VIDEO_STATUS.processing, VIDEO_STATUS.review]).toContain(row?.status_id);
    const media = (await videoMediaRow(db.database, copy))?.media;
    expect(media?.error).toBeUndefined();
    expect(media?.matches?.[0]).toMatchObject({ id: takenId, verdict: 'match' });
    expect(await reportsOf(copy)).toEqual([]);
    await restore(takedown, takenId);
  });

  it('refuses a copy of a video taken down for copyright that its owner deleted since', async () => {
    await takeDown(takenId, 'copyright');
    const removed = await createUploadRepository(db.database).remove(takenId, {
      ownerId,
    });
    expect(removed.outcome).toBe('done');
    const copy = await upload(
      await copyOf(
        'deleted.mp4',
        'drawbox=x=iw*0.75:y=ih*0.05:w=iw*0.2:h=ih*0.15:color=white@0.9:t=fill',
        [],
        taken,
      ),
    );
    const row = await videoMediaRow(db.database, copy);
    expect(row?.media.error).toBe('video_reupload_blocked');
    expect(row?.media.refusal).toMatchObject({ id: takenId, reason: 'copyright' });
    expect(await reportsOf(copy)).toEqual([{ subject: 'dmca' }]);
  });

  it('refuses a copy of a video taken down for copyright whose uploader deleted their account', async () => {
    const leaverId = (await makeUser(db.database)).id;
    const gone = path.join(dir, 'gone.mp4');
    await runFfmpeg(
      'ffmpeg',
      testSourceArgs({ ...CLIP, output: gone, pattern: 'life', seed: 33 }),
      { timeoutMs: 60_000 },
    );
    const goneId = await upload(gone, leaverId);
    await takeDown(goneId, 'copyright');
    const retired = await createAccountDeletionRepository(db.database).retire(leaverId, {
      actor: SYSTEM_ACTOR,
      action: 'member.delete',
      objectType: 'member',
      objectId: leaverId,
    });
    expect(retired?.videos).toEqual([goneId]);
    await queue.waitFor('account.purge', await queue.send('account.purge', { userId: leaverId }));
    // The purge keeps the row the takedown names, emptied, and its fingerprint.
    const [kept] = await db.database.query<{ status_id: number; title: string }>(
      'SELECT status_id, title FROM videos WHERE id = $1',
      [goneId],
    );
    expect(kept).toEqual({ status_id: 5, title: '' });

    const copy = await upload(await copyOf('gone-copy.mp4', 'scale=320:240', [], gone));
    const row = await videoMediaRow(db.database, copy);
    expect(row?.media.error).toBe('video_reupload_blocked');
    expect(row?.media.refusal).toMatchObject({ id: goneId, reason: 'copyright' });
  });
});
