import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { videoMediaRow, waitForPipeline } from '../../../tests/support/media.ts';
import { runFfmpeg, runFfprobe } from '../../media/exec.ts';
import { ownHlsInput } from '../../media/input.ts';
import {
  hlsMasterKey,
  hlsRungDir,
  timelineDir,
  videoDir,
  videoFileKey,
  videoHoverKey,
  videoPreviewKey,
  videoScreenshotKey,
  videoSourceKey,
  videoThumbKey,
} from '../../media/keys.ts';
import { sourceInput } from '../../media/sniff.ts';
import { LocalStorage } from '../../media/storage.ts';
import { type TestSourceOptions, testSourceArgs } from '../../media/test-source.ts';
import { createJobDefinitions } from '../jobs.ts';
import {
  createJobQueue,
  type JobContext,
  type JobPayloads,
  type JobQueue,
} from '../kernel/jobs/queue.ts';
import { mediaTaskJob } from './media-task.job.ts';
import { preparedDirKey, preparedRungKey } from './media-work.ts';
import { createVideoMediaRepository } from './video-media.repository.ts';

// The media job end to end: pg-boss on the test database, real ffmpeg, real files.

const CONFIG = { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };

let db: TestDatabase;
let dir: string;
let storage: LocalStorage;
let queue: JobQueue;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-job-'));
  storage = new LocalStorage(path.join(dir, 'media'));
  queue = createJobQueue(
    db.database,
    createJobDefinitions({ database: db.database, storage, config: CONFIG }),
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

/** A processing upload whose source is a test pattern (320x180 testsrc2 unless told). */
async function uploadTestPattern(
  source: Pick<TestSourceOptions, 'durationS' | 'seed'> &
    Partial<Omit<TestSourceOptions, 'output'>>,
): Promise<number> {
  const { id } = await makeVideo(db.database, userId, { statusId: 3 });
  await uploadSource(id, (file) =>
    runFfmpeg(
      'ffmpeg',
      testSourceArgs({ width: 320, height: 180, pattern: 'testsrc2', ...source, output: file }),
      { timeoutMs: 60_000 },
    ),
  );
  return id;
}

/** A context for running a job's handler off the queue; `sent` holds the steps it queued. */
function offQueue(): { ctx: JobContext; sent: JobPayloads['media.task'][] } {
  const sent: JobPayloads['media.task'][] = [];
  const ctx: JobContext = {
    signal: new AbortController().signal,
    log: pino({ level: 'silent' }),
    attempt: 1,
    send: async (_name, data) => {
      sent.push(data as JobPayloads['media.task']);
      return 'job';
    },
  };
  return { ctx, sent };
}

/** Runs media.process-video for a video off the queue. */
const processOffQueue = (videoId: number, ctx: JobContext) =>
  createJobDefinitions({ database: db.database, storage, config: CONFIG })[
    'media.process-video'
  ].handler({ videoId }, ctx);

const videoRow = (id: number) => videoMediaRow(db.database, id);
const pipelineDone = (id: number) => waitForPipeline(db.database, id);

const folderExists = (key: string) =>
  stat(storage.localPath(key)).then(
    () => true,
    () => false,
  );

const probe = async (file: string) =>
  runFfprobe('ffprobe', await sourceInput(file), { timeoutMs: 10_000 });

describe('media pipeline', () => {
  it('turns a source into an HLS ladder, downloads, screenshots, timeline and hover clip', async () => {
    const id = await uploadTestPattern({ durationS: 12, seed: 1, width: 1280, height: 720 });
    expect((await videoRow(id))?.status_id).toBe(3);

    await queue.waitFor(
      'media.process-video',
      await queue.send('media.process-video', { videoId: id }),
    );
    const planned = await videoRow(id);
    expect(Object.keys(planned?.media.tasks ?? {}).sort()).toEqual([
      'hls:240',
      'hls:480',
      'hls:720',
      'hover',
      'mp4',
      'timeline',
    ]);
    const row = await pipelineDone(id);
    expect(row).toMatchObject({ status_id: 1, duration: 12, is_hd: true });
    const gen = row?.media.gen ?? 0;
    expect(gen).toBe(1);
    expect(row?.media.rungs).toEqual([720, 480, 240]);
    const tasks = row?.media.tasks ?? {};
    for (const task of Object.values(tasks)) {
      expect(task).toMatchObject({ state: 'done', progress: 1, attempts: 1 });
    }
    // The first playable rung was done (and the video published) before the others began.
    const doneAt = (task: string) => Date.parse(tasks[task]?.at ?? '');
    expect(doneAt('hls:480')).toBeLessThan(doneAt('hls:720'));
    expect(doneAt('hls:720')).toBeLessThan(doneAt('mp4'));

    // The master lists every rung; each rung is fMP4 segments of about 4 s.
    expect(row?.media.hls).toBe(hlsMasterKey(id, gen));
    const master = await readFile(storage.localPath(hlsMasterKey(id, gen)), 'utf8');
    expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(3);
    expect(master).toContain('RESOLUTION=1280x720');
    expect(master).toContain('RESOLUTION=426x240');
    const rung = await readFile(
      storage.localPath(`${hlsRungDir(id, gen, 480)}/index.m3u8`),
      'utf8',
    );
    expect(rung).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(rung.match(/#EXTINF:4\.0/g)?.length).toBeGreaterThanOrEqual(2);
    const playable = await runFfprobe(
      'ffprobe',
      ownHlsInput(storage.localPath(hlsMasterKey(id, gen))),
      {
        timeoutMs: 10_000,
      },
    );
    expect(playable).toMatchObject({ videoCodec: 'h264', hasAudio: true });
    expect(playable.durationS).toBeCloseTo(12, 0);

    // Downloads: the 720 and 480 rungs joined without encoding, and a short trailer.
    expect(Object.keys(row?.media.files ?? {}).sort()).toEqual(['_hq.mp4', '_lq.mp4', '_tr.mp4']);
    const hq = await probe(storage.localPath(videoFileKey(id, '_hq.mp4')));
    expect(hq).toMatchObject({ videoCodec: 'h264', height: 720, width: 1280, hasAudio: true });
    expect(hq.durationS).toBeCloseTo(12, 0);
    const lq = await probe(storage.localPath(videoFileKey(id, '_lq.mp4')));
    expect(lq).toMatchObject({ height: 480 });
    const trailer = await probe(storage.localPath(videoFileKey(id, '_tr.mp4')));
    expect(trailer.durationS).toBeLessThanOrEqual(10.2);

    // Screenshots (the second is the preview and thumb) and the sprite timeline.
    expect(row?.media.screenshots).toBe(5);
    const shot = await sharp(
      await readFile(storage.localPath(videoScreenshotKey(id, 5))),
    ).metadata();
    expect(shot).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    const preview = await sharp(await readFile(storage.localPath(videoPreviewKey(id)))).metadata();
    expect(preview).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    const thumb = await sharp(await readFile(storage.localPath(videoThumbKey(id)))).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 180 });
    const vttKey = row?.media.timeline ?? '';
    expect(vttKey).toMatch(new RegExp(`^${timelineDir(id, gen)}/${id}\\.\\d+\\.\\d+\\.vtt$`));
    const vtt = await readFile(storage.localPath(vttKey), 'utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt).toContain('sprite.jpg#xywh=0,0,160,90');
    expect(await storage.exists(`${timelineDir(id, gen)}/sprite.jpg`)).toBe(true);

    // The hover clip: four 1.5 s scenes at the thumb's size, without sound.
    expect(row?.media.hover).toBe(videoHoverKey(id));
    const hover = await probe(storage.localPath(videoHoverKey(id)));
    expect(hover).toMatchObject({ videoCodec: 'h264', width: 320, height: 180, hasAudio: false });
    expect(hover.durationS).toBeGreaterThan(5.5);
    expect(hover.durationS).toBeLessThan(6.5);

    // Processing again makes a new generation; the old one's files go when it is complete.
    await queue.waitFor(
      'media.process-video',
      await queue.send('media.process-video', { videoId: id }),
    );
    const again = await pipelineDone(id);
    expect(again?.media.gen).toBe(2);
    expect(await storage.exists(hlsMasterKey(id, 2))).toBe(true);
    expect(await storage.exists(hlsMasterKey(id, 1))).toBe(false);
    // A step of the old run that arrives late does nothing.
    await queue.waitFor(
      'media.task',
      await queue.send('media.task', { videoId: id, gen: 1, task: 'hls:240' }),
    );
    expect(await storage.exists(`${hlsRungDir(id, 1, 240)}/index.m3u8`)).toBe(false);
  }, 300_000);

  it('runs a background run of a 240p, 15 fps source after the rest, one file for both downloads', async () => {
    // The demo's long clips in small (docs/decisions/0033): one rung, its rate kept.
    const id = await uploadTestPattern({
      durationS: 9,
      seed: 2,
      width: 426,
      height: 240,
      pattern: 'smptehdbars',
      fps: 15,
      clock: true,
    });
    await queue.waitFor(
      'media.process-video',
      await queue.send('media.process-video', { videoId: id, background: true }),
    );
    const priorities = await db.database.query<{ task: string; priority: number }>(
      `SELECT data->>'task' AS task, priority FROM pgboss.job
        WHERE name = 'media.task' AND (data->>'videoId')::int = $1 ORDER BY priority DESC`,
      [id],
    );
    expect(priorities.map((job) => job.task)).toEqual(['hls:240', 'timeline', 'hover', 'mp4']);
    // Below every step of any other run, whose priorities are 1 and up.
    for (const job of priorities) expect(job.priority).toBeLessThan(0);

    const row = await pipelineDone(id);
    expect(row).toMatchObject({ status_id: 1, duration: 9, is_hd: false });
    expect(row?.media.rungs).toEqual([240]);
    expect(row?.media.probe?.fps).toBe(15);
    const gen = row?.media.gen ?? 0;
    const master = await readFile(storage.localPath(hlsMasterKey(id, gen)), 'utf8');
    expect(master).toContain('RESOLUTION=426x240,FRAME-RATE=15.000');
    const files = row?.media.files ?? {};
    expect(files['_lq.mp4']).toBe(files['_hq.mp4']);
    expect(files['_hq.mp4']).toBe(videoFileKey(id, '_hq.mp4'));
    expect(await storage.exists(videoFileKey(id, '_lq.mp4'))).toBe(false);
    const hq = await probe(storage.localPath(videoFileKey(id, '_hq.mp4')));
    expect(hq).toMatchObject({ height: 240, frameRate: 15, hasAudio: true });
    expect(hq.durationS).toBeCloseTo(9, 0);
  }, 120_000);

  it('encodes the first rung beside the fingerprint and publishes it only from its own step', async () => {
    // The jobs' handlers run here one by one, off the queue: what the first step leaves
    // behind can be looked at before the next runs.
    const id = await uploadTestPattern({ durationS: 6, seed: 3 });
    const { ctx, sent } = offQueue();
    const videos = createVideoMediaRepository(db.database);
    await processOffQueue(id, ctx);

    expect(sent.map((job) => job.task)).toEqual(['hls:180', 'timeline', 'hover', 'mp4']);
    const gen = sent[0]?.gen ?? 0;
    const prepared = storage.localPath(preparedRungKey(id, gen, 180));
    expect((await readdir(prepared)).sort()).toEqual(
      expect.arrayContaining(['index.m3u8', 'init.mp4', 'seg_00000.m4s']),
    );
    // Nothing is published yet: still processing, no master, no rung in the video's folder.
    const planned = await videoRow(id);
    expect(planned?.status_id).toBe(3);
    expect(planned?.media.rungs).toBeUndefined();
    expect(await storage.exists(hlsMasterKey(id, gen))).toBe(false);

    // The rung's step publishes it as it is: with no ffmpeg to run, it could not encode one.
    const step = createJobDefinitions({
      database: db.database,
      storage,
      config: { ffmpegPath: path.join(dir, 'no-such-ffmpeg'), ffprobePath: 'ffprobe' },
    })['media.task'];
    await step.handler({ videoId: id, gen, task: 'hls:180' }, ctx);
    const row = await videos.getForProcessing(id);
    expect(row?.status_id).toBe(1);
    expect(row?.media.rungs).toEqual([180]);
    expect(row?.media.tasks?.['hls:180']).toMatchObject({ state: 'done', attempts: 1 });
    await expect(readdir(prepared)).rejects.toThrow(/ENOENT/);
    const playable = await runFfprobe(
      'ffprobe',
      ownHlsInput(storage.localPath(hlsMasterKey(id, gen))),
      { timeoutMs: 10_000 },
    );
    expect(playable).toMatchObject({ videoCodec: 'h264', height: 180, hasAudio: true });
    expect(playable.durationS).toBeCloseTo(6, 0);
  }, 120_000);

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
    expect(row?.media.tasks).toBeUndefined();
    expect(await storage.exists(videoPreviewKey(id))).toBe(false);
  });

  it('leaves no files of a video deleted while its steps ran', async () => {
    const id = await uploadTestPattern({ durationS: 4, seed: 4 });
    const { ctx, sent } = offQueue();
    await processOffQueue(id, ctx);
    const hover = sent.find((job) => job.task === 'hover');
    const timeline = sent.find((job) => job.task === 'timeline');
    if (!hover || !timeline)
      throw new Error(`no hover or timeline step in ${JSON.stringify(sent)}`);

    // The owner deletes the video (status 5, its folder removed) as its hover step begins.
    const repository = createVideoMediaRepository(db.database);
    let deleted = false;
    const videos: typeof repository = {
      ...repository,
      async setTask(...args) {
        if (!deleted && args[3].state === 'running') {
          deleted = true;
          await db.database.query('UPDATE videos SET status_id = 5 WHERE id = $1', [id]);
          await storage.remove(videoDir(id));
        }
        return repository.setTask(...args);
      },
    };
    const step = mediaTaskJob({ videos, storage, ...CONFIG });
    await step.handler(hover, ctx);
    expect(deleted).toBe(true);
    // The step made its clip and published it, into a folder the deletion had removed.
    const row = await videoRow(id);
    expect(row?.media.tasks?.hover).toMatchObject({ state: 'done' });
    expect(await folderExists(videoDir(id))).toBe(false);

    // The first rung, prepared by the processing for its own step, went with them.
    expect(await folderExists(preparedDirKey(id))).toBe(false);

    // A step that starts after the deletion does nothing.
    await step.handler(timeline, ctx);
    expect((await videoRow(id))?.media.tasks?.timeline).toMatchObject({ state: 'queued' });
    expect(await folderExists(videoDir(id))).toBe(false);

    // Purged, its row gone: a step left on the queue removes what it finds, and fails nothing.
    await storage.put(`${videoDir(id)}/late.txt`, Buffer.from('made by a job meanwhile'));
    await db.database.query('DELETE FROM videos WHERE id = $1', [id]);
    await step.handler(hover, ctx);
    expect(await folderExists(videoDir(id))).toBe(false);
  }, 120_000);

  it('does not process a video deleted before its turn came', async () => {
    const id = await uploadTestPattern({ durationS: 2, seed: 5 });
    await db.database.query('UPDATE videos SET status_id = 5 WHERE id = $1', [id]);
    const { ctx, sent } = offQueue();
    await processOffQueue(id, ctx);
    expect(sent).toEqual([]);
    expect(await storage.exists(videoPreviewKey(id))).toBe(false);
    expect(await folderExists(preparedDirKey(id))).toBe(false);
    expect((await videoRow(id))?.media.tasks).toBeUndefined();
  });
});
