import { readFile, rm } from 'node:fs/promises';
import { openDatabase } from '../../src/db/client.ts';
import { runFfmpeg } from '../../src/media/exec.ts';
import { fingerprintArgs, hashFrames, indexKeys, packHashes } from '../../src/media/fingerprint.ts';
import { sourceInput } from '../../src/media/sniff.ts';
import { hashPassword } from '../../src/server/kernel/passwords.ts';

// Test-only (reupload.e2e.ts): on the data directory of a stopped site (PGlite lets one process
// open it), makes a member, and a demo video (with pictures) that carries the fingerprint of
// the given clip and was taken down for copyright, as if the clip had been uploaded and a
// DMCA notice acted on. Also one of the member's uploads waiting for review beside another
// demo video its fingerprint nearly matched (decision 0056). Prints the ids as JSON.
//
//   node tests/e2e/seed-fingerprint.ts <data dir> <username> <password> <clip>

const [dataDir, username, password, clip] = process.argv.slice(2);
if (!dataDir || !username || !password || !clip) {
  throw new Error('usage: seed-fingerprint.ts <data dir> <username> <password> <clip>');
}

const output = `${clip}.gray`;
await runFfmpeg('ffmpeg', fingerprintArgs({ input: await sourceInput(clip), output }), {
  timeoutMs: 120_000,
});
const [hashes = []] = hashFrames(await readFile(output));
await rm(output, { force: true });

const database = await openDatabase({ pgliteDir: `${dataDir}/db` });
try {
  const [member] = await database.query<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, status, lang)
     VALUES ($1, $2, $3, 1, 'en') RETURNING id`,
    [username, `${username}@e2e.test`, await hashPassword(password)],
  );
  const userId = Number(member?.id);
  const videos = await database.query<{ id: number }>(
    `SELECT v.id FROM videos v
      WHERE v.status_id = 1 AND NOT v.media ? 'pool' AND v.media_version > 0
      ORDER BY v.id DESC LIMIT 3`,
  );
  const [original, waiting, alike] = videos.map((row) => Number(row.id));
  if (!original || !waiting || !alike) throw new Error('not enough demo videos');
  await database.query(
    `INSERT INTO video_fingerprints (video_id, hashes, keys) VALUES ($1, $2, $3::int[])`,
    [original, packHashes(hashes), indexKeys(hashes)],
  );
  await database.query(`UPDATE videos SET status_id = 8, title = 'Studio original' WHERE id = $1`, [
    original,
  ]);
  await database.query(
    `INSERT INTO takedowns (object_type, object_id, reason, note, previous)
     VALUES ('video', $1, 'copyright', 'DMCA notice', '{"status_id": 1}'::jsonb)`,
    [original],
  );
  await database.query(
    `UPDATE videos SET user_id = $1, status_id = 6, needs_review = true, review_since = now(),
            title = 'Beach day again',
            media = media || jsonb_build_object('matches', $3::jsonb)
      WHERE id = $2`,
    [
      userId,
      waiting,
      JSON.stringify([{ id: alike, similarity: 0.52, offsetS: 4, verdict: 'near' }]),
    ],
  );
  process.stdout.write(`${JSON.stringify({ userId, original, waiting, alike })}\n`);
} finally {
  await database.close();
}
