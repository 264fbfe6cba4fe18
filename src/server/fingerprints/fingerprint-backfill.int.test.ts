import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { startJobs } from '../../../tests/support/jobs.ts';
import { runFfmpeg } from '../../media/exec.ts';
import { videoSourceKey } from '../../media/keys.ts';
import { sourceInput } from '../../media/sniff.ts';
import { LocalStorage } from '../../media/storage.ts';
import { testSourceArgs } from '../../media/test-source.ts';
import { runFingerprintsCommand } from '../commands/fingerprints.cli.ts';
import { createFingerprintBackfill, createJobDefinitions } from '../jobs.ts';
import type { JobQueue } from '../kernel/jobs/queue.ts';
import { takeFingerprint } from '../media/steps/fingerprint.ts';
import { createVideoMediaRepository } from '../media/video-media.repository.ts';
import { createFingerprintRepository } from './fingerprint.repository.ts';
import { createFingerprintService } from './fingerprint.service.ts';

// The backfill of decision 0056 through pg-boss and real ffmpeg: videos processed before
// fingerprints get one, a second run does nothing, a demo's shared clip is fingerprinted
// once and the demo videos playing it not at all (so they are no matches of each other).

let db: TestDatabase;
let dir: string;
let storage: LocalStorage;
let queue: JobQueue;
let userId: number;
const clips: string[] = [];

const CLIP = { durationS: 8, width: 64, height: 48, fps: 5 } as const;

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-fingerprint-backfill-'));
  storage = new LocalStorage(path.join(dir, 'media'));
  queue = await startJobs(db.database, storage);
  userId = (await makeUser(db.database)).id;
  for (const [n, pattern] of (['life', 'cellauto', 'life'] as const).entries()) {
    const file = path.join(dir, `clip-${n}.mp4`);
    await runFfmpeg(
      'ffmpeg',
      testSourceArgs({ ...CLIP, output: file, pattern, seed: 40 + n * 13 }),
      { timeoutMs: 60_000 },
    );
    clips.push(file);
  }
});

afterAll(async () => {
  await queue?.stop(5000);
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

/** A video as the site had it before fingerprints: its source kept, no fingerprint row. */
async function processedBefore(statusId: number, file: string | undefined, media = {}) {
  const { id } = await makeVideo(db.database, userId, { statusId, duration: CLIP.durationS });
  if (file !== undefined) {
    const key = videoSourceKey(id, 'mp4');
    if (file !== '') await storage.putFile(key, file);
    await createVideoMediaRepository(db.database).setSource(id, key, { keepStatus: true });
  }
  await db.database.query('UPDATE videos SET media = media || $2::jsonb WHERE id = $1', [
    id,
    JSON.stringify(media),
  ]);
  return id;
}

const rows = async () =>
  new Map(
    (
      await db.database.query<{ video_id: number; frames: number; keys: number; at: string }>(
        `SELECT video_id, length(hashes) / 8 AS frames, cardinality(keys) AS keys,
                created_at::text AS at FROM video_fingerprints`,
      )
    ).map((r) => [
      Number(r.video_id),
      { frames: Number(r.frames), keys: Number(r.keys), at: r.at },
    ]),
  );

async function runBackfill(limit: number) {
  await queue.waitFor(
    'fingerprint.backfill',
    await queue.send('fingerprint.backfill', { limit }),
    120_000,
  );
}

describe('the fingerprint backfill', () => {
  let published: number;
  let inReview: number;
  let takenDown: number;
  let processing: number;
  let pool: number;
  let demo: number[];
  let lost: number;

  it('fingerprints the published, in-review and taken-down videos that have none', async () => {
    published = await processedBefore(1, clips[0]);
    inReview = await processedBefore(6, clips[1]);
    takenDown = await processedBefore(8, clips[0]);
    // Still in the pipeline, which fingerprints it itself.
    processing = await processedBefore(3, clips[1]);
    // The demo's shared clip (a hidden row) and two demo videos playing it.
    pool = await processedBefore(0, clips[2], { pool: 0 });
    demo = [
      await processedBefore(1, undefined, { sharedFrom: pool }),
      await processedBefore(1, undefined, { sharedFrom: pool }),
    ];
    // Its source file is gone.
    lost = await processedBefore(1, '');

    // A scheduled run takes a few, oldest first: a restart in between would lose nothing.
    await runBackfill(2);
    expect([...(await rows()).keys()].sort((a, b) => a - b)).toEqual([published, inReview]);
    await runBackfill(10);

    const after = await rows();
    for (const id of [published, inReview, takenDown, pool]) {
      expect(after.get(id)?.frames, `video ${id}`).toBe(CLIP.durationS);
      expect(after.get(id)?.keys, `video ${id}`).toBeGreaterThan(0);
    }
    expect(after.has(processing)).toBe(false);
    for (const id of demo) expect(after.has(id)).toBe(false);
    // Tried, and not tried again every hour: an empty fingerprint, which matches nothing.
    expect(after.get(lost)).toMatchObject({ frames: 0, keys: 0 });
    expect(after.size).toBe(5);
  });

  it('does nothing on a second run', async () => {
    const before = await rows();
    await runBackfill(10);
    expect(await rows()).toEqual(before);
    const fingerprints = createFingerprintRepository(db.database);
    expect(await fingerprints.missing(10)).toEqual([]);
  });

  it('finds a copy of the shared clip once, as the clip, not as each demo video', async () => {
    const scratch = await mkdtemp(path.join(dir, 'fp-'));
    const hashes = await takeFingerprint({
      ffmpegPath: 'ffmpeg',
      source: await sourceInput(clips[2] ?? ''),
      durationS: CLIP.durationS,
      scratch,
      run: {},
    });
    const service = createFingerprintService({
      fingerprints: createFingerprintRepository(db.database),
    });
    const found = await service.matchesOf(-1, hashes);
    expect(found.map((m) => Number(m.video.id))).toEqual([pool]);
  });

  it('runs on its own every hour, and from the operator command', async () => {
    const definitions = createJobDefinitions({
      database: db.database,
      storage,
      config: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' },
    });
    expect(definitions['fingerprint.backfill'].schedule?.cron).toMatch(/^\d+ \* \* \* \*$/);

    const more = await processedBefore(1, clips[1]);
    const lines: string[] = [];
    const code = await runFingerprintsCommand(
      ['backfill'],
      createFingerprintBackfill(db.database, storage, 'ffmpeg'),
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    expect(lines).toEqual([`video ${more}: fingerprinted`, '1 fingerprinted, 0 unreadable']);
    expect((await rows()).get(more)?.frames).toBe(CLIP.durationS);
    expect(await runFingerprintsCommand(['backfill', '--limit', 'x'], {} as never, () => {})).toBe(
      2,
    );
  });
});
