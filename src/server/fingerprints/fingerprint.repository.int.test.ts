import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { indexKeys, packHashes, queryKeys, type WindowHashes } from '../../media/fingerprint.ts';
import { createFingerprintRepository } from './fingerprint.repository.ts';
import { createFingerprintService } from './fingerprint.service.ts';

// The lookup's ranking (decision 0056) with generated fingerprint rows, no ffmpeg: refused,
// duplicate and deleted uploads keep their fingerprint rows and keys, and must not push the
// original out of the dozen candidates compared frame by frame.

let db: TestDatabase;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  userId = (await makeUser(db.database)).id;
});

afterAll(async () => {
  await db?.drop();
});

/** Seeded 64-bit hashes, all informative (about half their bits set). */
function sequence(seed: number, length: number): bigint[] {
  let state = seed >>> 0 || 1;
  const next32 = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return BigInt(state >>> 0);
  };
  return Array.from({ length }, () => (next32() << 32n) | next32());
}

const silent = { info() {}, warn() {} };

describe('the candidates of a lookup', () => {
  it('are not crowded out by an abuser’s refused and deleted copies', async () => {
    const fingerprints = createFingerprintRepository(db.database);
    const service = createFingerprintService({ fingerprints });
    const frames = sequence(17, 20);
    const copy: WindowHashes = [frames, frames, frames];

    const original = await makeVideo(db.database, userId, { statusId: 8 });
    await fingerprints.save(original.id, packHashes(frames), indexKeys(frames));
    await db.database.query(
      `INSERT INTO takedowns (object_type, object_id, reason, previous)
       VALUES ('video', $1, 'copyright', '{"status_id": 1}'::jsonb)`,
      [original.id],
    );

    // Earlier copies: refused (or failed as duplicates) and some deleted by their uploader.
    // Each shares every key the copy is looked up by, more than the original's 24.
    const crowd: number[] = [];
    for (let n = 0; n < 14; n++) {
      const { id } = await makeVideo(db.database, userId, { statusId: n < 9 ? 2 : 5 });
      await fingerprints.save(id, packHashes(frames), queryKeys(copy));
      crowd.push(id);
    }
    const keysOf = async (id: number) => {
      const [row] = await db.database.query<{ keys: number[] }>(
        'SELECT keys FROM video_fingerprints WHERE video_id = $1',
        [id],
      );
      return row?.keys.length ?? 0;
    };
    expect(await keysOf(crowd[0] ?? 0)).toBeGreaterThan(await keysOf(original.id));

    const upload = await makeVideo(db.database, userId, { statusId: 3 });
    const candidates = await fingerprints.candidates(queryKeys(copy), upload.id, 12);
    expect(candidates.map((c) => Number(c.video_id))).toEqual([original.id]);

    const { outcome } = await service.screen(upload.id, copy, { screen: true, log: silent });
    expect(outcome).toBe('refused');
    const [row] = await db.database.query<{ status_id: number; error: string }>(
      `SELECT status_id, media->>'error' AS error FROM videos WHERE id = $1`,
      [upload.id],
    );
    expect(row).toEqual({ status_id: 2, error: 'video_reupload_blocked' });
  });
});
