import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import type { VideoMedia } from '../../db/schema.ts';
import { runFfmpeg, runFfprobe } from '../../media/exec.ts';
import { testSourceArgs } from '../../media/ffmpeg.ts';
import {
  videoFileKey,
  videoHoverKey,
  videoPreviewKey,
  videoSourceKey,
  videoThumbKey,
} from '../../media/keys.ts';
import { LocalStorage } from '../../media/storage.ts';
import { createVideoMediaRepository } from '../repositories/video-media.repository.ts';
import { createJobDefinitions } from './definitions.ts';
import { createJobQueue, type JobQueue } from './queue.ts';

// The media job end to end: pg-boss on the test database, real ffmpeg, real files.

let db: TestDatabase;
let dir: string;
let storage: LocalStorage;
let queue: JobQueue;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-job-'));
  storage = new LocalStorage(path.join(dir, 'media'));
  const config = { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };
  queue = createJobQueue(
    db.database,
    createJobDefinitions({ database: db.database, storage, config }),
    pino({ level: 'silent' }),
  );
  await queue.start();
  userId = (await makeUser(db.database)).id;
});

afterAll(async () => {
  await queue?.stop(5000);
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

async function uploadSource(videoId: number, write: (file: string) => Promise<void>) {
  const file = path.join(dir, `${videoId}-source.mp4`);
  await write(file);
  const key = videoSourceKey(videoId, 'mp4');
  await storage.putFile(key, file, { move: true });
  await createVideoMediaRepository(db.database).setSource(videoId, key);
}

async function videoRow(id: number) {
  const [row] = await db.database.query<{
    status_id: number;
    duration: number;
    is_hd: boolean;
    media_version: number;
    media: VideoMedia;
  }>('SELECT status_id, duration, is_hd, media_version, media FROM videos WHERE id = $1', [id]);
  return row;
}

describe('media.process-video', () => {
  it('turns a source into downloads and screenshots, then publishes the video', async () => {
    const { id } = await makeVideo(db.database, userId, { statusId: 3 });
    await uploadSource(id, (file) =>
      runFfmpeg(
        'ffmpeg',
        testSourceArgs({
          output: file,
          durationS: 12,
          width: 640,
          height: 360,
          pattern: 'testsrc2',
          seed: 1,
        }),
        { timeoutMs: 60_000 },
      ),
    );
    expect((await videoRow(id))?.status_id).toBe(3);

    await queue.waitFor(
      'media.process-video',
      await queue.send('media.process-video', { videoId: id }),
    );

    const row = await videoRow(id);
    expect(row).toMatchObject({ status_id: 1, duration: 12, is_hd: false, media_version: 1 });
    expect(Object.keys(row?.media.files ?? {}).sort()).toEqual(['_hq.mp4', '_lq.mp4', '_tr.mp4']);

    const hq = await runFfprobe('ffprobe', storage.localPath(videoFileKey(id, '_hq.mp4')), {
      timeoutMs: 10_000,
    });
    // Never upscaled: a 360p source stays 360p in the "720p" rendition.
    expect(hq).toMatchObject({ videoCodec: 'h264', height: 360, width: 640, hasAudio: true });
    expect(hq.durationS).toBeCloseTo(12, 0);
    const trailer = await runFfprobe('ffprobe', storage.localPath(videoFileKey(id, '_tr.mp4')), {
      timeoutMs: 10_000,
    });
    expect(trailer.durationS).toBeLessThanOrEqual(10.2);

    const preview = await sharp(await readFile(storage.localPath(videoPreviewKey(id)))).metadata();
    expect(preview).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    const thumb = await sharp(await readFile(storage.localPath(videoThumbKey(id)))).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 180 });

    // The hover clip: four 1.5 s scenes at the thumb's size, without sound.
    expect(row?.media.hover).toBe(videoHoverKey(id));
    const hover = await runFfprobe('ffprobe', storage.localPath(videoHoverKey(id)), {
      timeoutMs: 10_000,
    });
    expect(hover).toMatchObject({ videoCodec: 'h264', width: 320, height: 180, hasAudio: false });
    expect(hover.durationS).toBeGreaterThan(5.5);
    expect(hover.durationS).toBeLessThan(6.5);
  });

  it('fails a video whose source is not a video, without retrying', async () => {
    const { id } = await makeVideo(db.database, userId, { statusId: 3 });
    await uploadSource(id, (file) => writeFile(file, 'this is not a video at all'));

    await queue.waitFor(
      'media.process-video',
      await queue.send('media.process-video', { videoId: id }),
    );

    const row = await videoRow(id);
    expect(row?.status_id).toBe(2);
    expect(row?.media.error).toBe('video_corrupted_file');
    expect(await storage.exists(videoFileKey(id, '_hq.mp4'))).toBe(false);
  });
});
