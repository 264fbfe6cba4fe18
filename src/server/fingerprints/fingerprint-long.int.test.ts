import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { startJobs } from '../../../tests/support/jobs.ts';
import { videoMediaRow } from '../../../tests/support/media.ts';
import { runFfmpeg } from '../../media/exec.ts';
import { PROBE_ALL } from '../../media/fingerprint.ts';
import { videoSourceKey } from '../../media/keys.ts';
import { LocalStorage } from '../../media/storage.ts';
import type { JobQueue } from '../kernel/jobs/queue.ts';
import { createVideoMediaRepository } from '../media/video-media.repository.ts';

// A long upload (issue 17, decision 0056): a copy of a 4-minute video, trimmed by a few
// seconds and re-encoded at another size, has more frames than the lookup probes one by one,
// so it is found by the pictures after its largest changes, which the original indexed too.
// Tiny (64x48 at 5 fps) so that the real pipeline takes it in seconds.

let db: TestDatabase;
let dir: string;
let storage: LocalStorage;
let queue: JobQueue;
let userId: number;

const LONG = { durationS: 240, width: 64, height: 48, fps: 5 } as const;

/** Scenes of 12 to 30 s, life and cellauto by turns, each its own seed, joined by cuts. */
function scenesGraph(): string {
  const { width, height, fps, durationS } = LONG;
  const fit = `scale=${width}:${height},format=yuv420p,setsar=1`;
  const parts: string[] = [];
  for (let s = 0, total = 0; total < durationS; s++) {
    const length = Math.min(durationS - total, 12 + ((s * 7) % 19));
    total += length;
    const seed = 900 + s * 31;
    const pattern =
      s % 2 === 0
        ? `life=s=${width / 2}x${height / 2}:r=${fps}:seed=${seed}:mold=10:life_color=#${(0x402000 + s * 0x0a1f37).toString(16).slice(-6)}`
        : `cellauto=s=${width / 4}x${height / 4}:r=1:rule=${[30, 90, 110][s % 3]}:seed=${seed}:start_full=1,fps=${fps}`;
    parts.push(`${pattern},${fit},trim=duration=${length},setpts=PTS-STARTPTS[p${s}]`);
  }
  return `${parts.join(';')};${parts.map((_, s) => `[p${s}]`).join('')}concat=n=${parts.length}:v=1:a=0`;
}

const QUIET = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-fingerprint-long-'));
  storage = new LocalStorage(path.join(dir, 'media'));
  queue = await startJobs(db.database, storage);
  userId = (await makeUser(db.database)).id;
});

afterAll(async () => {
  await queue?.stop(5000);
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

/** A new upload of `file`, through the pipeline's first step. */
async function upload(file: string): Promise<number> {
  const { id } = await makeVideo(db.database, userId, { statusId: 3 });
  const key = videoSourceKey(id, 'mp4');
  await storage.putFile(key, file);
  await createVideoMediaRepository(db.database).setSource(id, key);
  await queue.waitFor(
    'media.process-video',
    await queue.send('media.process-video', { videoId: id }),
    180_000,
  );
  return id;
}

describe('a long re-upload', () => {
  it('of a video taken down for copyright is refused, trimmed and re-encoded', async () => {
    const original = path.join(dir, 'original.mp4');
    await runFfmpeg(
      'ffmpeg',
      [
        ...QUIET,
        ...['-filter_complex', scenesGraph(), '-t', String(LONG.durationS)],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '25', original],
      ],
      { timeoutMs: 120_000 },
    );
    const originalId = await upload(original);
    const [stored] = await db.database.query<{ frames: number; keys: number[] }>(
      'SELECT length(hashes) / 8 AS frames, keys FROM video_fingerprints WHERE video_id = $1',
      [originalId],
    );
    expect(Number(stored?.frames)).toBeGreaterThanOrEqual(2 * PROBE_ALL);
    expect(stored?.keys.length).toBeGreaterThan(12);
    await db.database.query('UPDATE videos SET status_id = 8 WHERE id = $1', [originalId]);
    await db.database.query(
      `INSERT INTO takedowns (object_type, object_id, reason, previous)
       VALUES ('video', $1, 'copyright', '{"status_id": 1}'::jsonb)`,
      [originalId],
    );

    const copy = path.join(dir, 'copy.mp4');
    await runFfmpeg(
      'ffmpeg',
      [
        ...QUIET,
        ...['-ss', '7.3', '-t', String(LONG.durationS - 12), '-i', original, '-an'],
        ...['-vf', 'scale=96:72', '-c:v', 'libx264', '-crf', '34', '-preset', 'veryfast', copy],
      ],
      { timeoutMs: 120_000 },
    );
    const copyId = await upload(copy);
    const row = await videoMediaRow(db.database, copyId);
    expect(row?.status_id).toBe(2);
    expect(row?.media.error).toBe('video_reupload_blocked');
    expect(row?.media.refusal).toMatchObject({ id: originalId, reason: 'copyright' });
    expect(row?.media.tasks).toBeUndefined();
  });
});
