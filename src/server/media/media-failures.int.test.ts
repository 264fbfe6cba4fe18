import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { startJobs } from '../../../tests/support/jobs.ts';
import { videoMediaRow } from '../../../tests/support/media.ts';
import {
  killMentioning,
  processesMentioning,
  waitUntil,
} from '../../../tests/support/processes.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { MediaTaskKey } from '../../contracts/media-task.ts';
import { runFfmpeg } from '../../media/exec.ts';
import { chosenPreviewKey, videoGenDir, videoSourceKey } from '../../media/keys.ts';
import { processStart } from '../../media/processes.ts';
import { LocalStorage } from '../../media/storage.ts';
import { testSourceArgs } from '../../media/test-source.ts';
import type { JobQueue } from '../kernel/jobs/queue.ts';
import { stepWorkKey } from './media-work.ts';
import { createVideoMediaRepository } from './video-media.repository.ts';

// How a pipeline run ends when a step cannot succeed (security issue, items 9 and 11): on
// the real job queue with retries at once, real ffmpeg and real files. Nothing may stay
// "processing" forever, and a retry first ends what an earlier attempt left running.

let db: TestDatabase;
let dir: string;
let storage: LocalStorage;
let queue: JobQueue;
let userId: number;
const markers: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-failures-'));
  storage = new LocalStorage(path.join(dir, 'media'));
  queue = await startJobs(db.database, storage);
  userId = (await makeUser(db.database)).id;
});

afterEach(async () => {
  for (const marker of markers.splice(0)) await killMentioning(marker);
});

afterAll(async () => {
  await queue?.stop(5000);
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

const media = () => createVideoMediaRepository(db.database);

/** A processing upload with a real 2 s source. */
async function upload(): Promise<number> {
  const { id } = await makeVideo(db.database, userId, { statusId: VIDEO_STATUS.processing });
  const key = videoSourceKey(id, 'mp4');
  const file = storage.localPath(key);
  await mkdir(path.dirname(file), { recursive: true });
  const options = { durationS: 2, width: 320, height: 180, pattern: 'testsrc2', seed: id } as const;
  await runFfmpeg('ffmpeg', testSourceArgs({ ...options, output: file }), { timeoutMs: 30_000 });
  await media().setSource(id, key);
  return id;
}

/** Until the video is no longer processing (or the time is up). */
async function settled(id: number) {
  await waitUntil(
    `video ${id} leaves processing`,
    async () => (await videoMediaRow(db.database, id))?.status_id !== VIDEO_STATUS.processing,
    120_000,
  );
  return videoMediaRow(db.database, id);
}

async function deadLetters(videoId: number) {
  return db.database.query<{ data: unknown; state: string }>(
    `SELECT data, state FROM pgboss.job WHERE name = 'media.failed' AND (data->>'videoId')::int = $1`,
    [videoId],
  );
}

describe('a run that cannot finish', () => {
  it('fails the video when a step fails for good, once its retries are spent', async () => {
    const id = await upload();
    // The run's HLS folder is taken by a file: every attempt of its rungs fails to store.
    await storage.put(`${videoGenDir(id, 1)}/hls`, Buffer.from('in the way'));
    await queue.send('media.process-video', { videoId: id });

    const row = await settled(id);
    expect(row?.status_id).toBe(VIDEO_STATUS.error);
    expect(row?.media.error).toBe('video_upload_error');
    expect(row?.media.tasks?.['hls:180']).toMatchObject({ state: 'failed', attempts: 4 });
    expect(row?.media.tasks?.['hls:180']?.error).toMatch(/ENOTDIR|EEXIST/);
    // Two steps run at once (decision 0060): the others ran beside the failing rung until
    // the video failed, and any not begun by then was skipped; none failed it over again.
    let tasks: Record<string, { state: string }> = {};
    await waitUntil('the steps beside it settle', async () => {
      tasks = (await videoMediaRow(db.database, id))?.media.tasks ?? {};
      return Object.values(tasks).every((task) => task.state !== 'running');
    });
    for (const task of ['timeline', 'hover', 'mp4']) {
      expect(['queued', 'done']).toContain(tasks[task]?.state);
    }
    // The dead letter queue got the step too, and changed nothing more.
    await waitUntil('the dead letter is handled', async () =>
      (await deadLetters(id)).some((job) => job.state === 'completed'),
    );
    expect((await deadLetters(id)).map((job) => job.data)).toEqual([
      { videoId: id, gen: 1, task: 'hls:180' },
    ]);
    expect((await videoMediaRow(db.database, id))?.media.error).toBe('video_upload_error');
  });

  it('fails the video when media.process-video fails for good', async () => {
    const id = await upload();
    // The member's chosen preview cannot be read: every attempt fails after the screenshots.
    await storage.put(chosenPreviewKey(id), Buffer.from('not an image'));
    const job = await queue.send('media.process-video', { videoId: id });

    const row = await settled(id);
    expect(row).toMatchObject({
      status_id: VIDEO_STATUS.error,
      media: { error: 'video_upload_error' },
    });
    await expect(queue.waitFor('media.process-video', job)).rejects.toThrow(/failed/);
    const [attempts] = await db.database.query<{ retry_count: number }>(
      'SELECT retry_count FROM pgboss.job WHERE id = $1',
      [job],
    );
    expect(Number(attempts?.retry_count)).toBe(3);
  });

  it('fails the video when the last attempt of a step was cut off with its server', async () => {
    const id = await upload();
    const gen = await media().startRun(id, {
      probe: { duration: 2, width: 320, height: 180, hasAudio: true, fps: 25 },
      screenshots: 0,
      tasks: ['hls:180', 'hover'],
    });
    await media().setTask(id, gen, 'hls:180', { state: 'running', progress: 0.4, attempts: 4 });
    // What pg-boss files when that attempt expires after the last retry: no handler saw it.
    await queue.waitFor(
      'media.failed',
      await queue.send('media.failed', { videoId: id, gen, task: 'hls:180' }),
    );

    const row = await videoMediaRow(db.database, id);
    expect(row).toMatchObject({
      status_id: VIDEO_STATUS.error,
      media: { error: 'video_upload_error' },
    });
    expect(row?.media.tasks?.['hls:180']).toMatchObject({ state: 'failed', attempts: 4 });
    expect(row?.media.tasks?.hover?.state).toBe('queued');
  });
});

describe('a job whose payload is not what it should be', () => {
  it('fails saying so without running, and its video fails through the dead letter', async () => {
    const id = await upload();
    const gen = await media().startRun(id, {
      probe: { duration: 2, width: 320, height: 180, hasAudio: true, fps: 25 },
      screenshots: 0,
      tasks: ['hover'],
    });
    // Queued by hand or by another version: a step no version knows.
    const task = 'thumbs' as string as MediaTaskKey;
    const job = await queue.send('media.task', { videoId: id, gen, task });

    await expect(queue.waitFor('media.task', job)).rejects.toThrow(/failed/);
    const [failed] = await db.database.query<{ output: { message?: string } }>(
      'SELECT output FROM pgboss.job WHERE id = $1',
      [job],
    );
    expect(failed?.output.message).toMatch(/payload refused.*thumbs/);
    expect(await readdir(storage.localPath(stepWorkKey(id, task))).catch(() => 'never made')).toBe(
      'never made',
    );
    const row = await settled(id);
    expect(row).toMatchObject({
      status_id: VIDEO_STATUS.error,
      media: { error: 'video_upload_error' },
    });
    expect(row?.media.tasks?.hover?.state).toBe('queued');
  });
});

describe('a retried step', () => {
  it('first ends the ffmpeg an earlier attempt left running, then works alone', async () => {
    const id = await upload();
    const gen = await media().startRun(id, {
      probe: { duration: 2, width: 320, height: 180, hasAudio: true, fps: 25 },
      screenshots: 0,
      tasks: ['hover'],
    });
    // The encode of an attempt whose server died: still running, writing in the step folder.
    const work = storage.localPath(stepWorkKey(id, 'hover'));
    const stale = path.join(work, 'attempt-earlier');
    await mkdir(stale, { recursive: true });
    const output = path.join(stale, `orphan-${id}.mp4`);
    markers.push(output);
    const endless = {
      durationS: 3600,
      width: 320,
      height: 180,
      pattern: 'mandelbrot',
      seed: 1,
    } as const;
    const orphan = runFfmpeg('ffmpeg', testSourceArgs({ ...endless, output }), {
      timeoutMs: 120_000,
      pidFile: path.join(work, 'ffmpeg.pid'),
    }).catch((error: unknown) => error);
    await waitUntil('the orphan runs', async () => (await processesMentioning(output)).length > 0);
    const [pid = 0] = await processesMentioning(output);

    await queue.waitFor(
      'media.task',
      await queue.send('media.task', { videoId: id, gen, task: 'hover' }),
    );

    expect(processStart(pid)).toBeUndefined();
    expect(await orphan).toMatchObject({ code: 'failed' });
    const row = await videoMediaRow(db.database, id);
    expect(row?.media.tasks?.hover).toMatchObject({ state: 'done', attempts: 1 });
    expect(await storage.exists(row?.media.hover ?? 'missing')).toBe(true);
    // Nothing of the earlier attempt is left, nor of this one.
    expect(await readdir(work).catch(() => 'gone')).toBe('gone');
  });
});
