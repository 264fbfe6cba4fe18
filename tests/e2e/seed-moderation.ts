import { openDatabase } from '../../src/db/client.ts';
import { sealedExemption } from '../../src/server/compliance/records.service.ts';
import { hashPassword } from '../../src/server/kernel/passwords.ts';
import { siteRecordsKeyring } from '../support/factories.ts';

// Test-only (my-uploads.e2e.ts): on the data directory of a stopped site (PGlite lets one
// process open it), makes a member who uploaded three videos, taken from the demo catalogue
// so they have real pictures: one published, one waiting for review, one rejected by a
// moderator with a statement of reasons. Prints the member's id. With `no-record` the video
// waiting for review has no 2257 record, as uploads queued before records existed (0055).
//
//   node tests/e2e/seed-moderation.ts <data dir> <username> <password> <lang> [no-record]

const [dataDir, username, password, lang, variant] = process.argv.slice(2);
if (!dataDir || !username || !password || !lang) {
  throw new Error('usage: seed-moderation.ts <data dir> <username> <password> <lang>');
}

const database = await openDatabase({ pgliteDir: `${dataDir}/db` });
try {
  const [member] = await database.query<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, status, lang)
     VALUES ($1, $2, $3, 1, $4) RETURNING id`,
    [username, `${username}@e2e.test`, await hashPassword(password), lang],
  );
  const userId = Number(member?.id);
  // Three demo videos nobody else has taken yet, with pictures.
  const videos = await database.query<{ id: number }>(
    `SELECT v.id FROM videos v JOIN users u ON u.id = v.user_id
      WHERE v.status_id = 1 AND NOT v.media ? 'pool' AND v.media_version > 0
        AND u.email NOT LIKE '%@e2e.test'
      ORDER BY v.id LIMIT 3`,
  );
  const [published, waiting, rejected] = videos.map((row) => Number(row.id));
  if (!published || !waiting || !rejected) throw new Error('not enough demo videos');
  const [moderator] = await database.query<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, status, role)
     VALUES ($1, $2, $3, 1, 1) RETURNING id`,
    [`${username}mod`, `${username}mod@e2e.test`, await hashPassword(password)],
  );
  await database.query(
    `UPDATE videos SET user_id = $1, created_at = now() - interval '1 day' WHERE id = ANY($2)`,
    [userId, [published, waiting, rejected]],
  );
  await database.query('UPDATE users SET videos_count = 1 WHERE id = $1', [userId]);
  await database.query(
    `UPDATE videos SET status_id = 6, needs_review = true, review_since = now(),
            title = 'Evening walk by the sea', created_at = now() - interval '1 hour'
      WHERE id = $1`,
    [waiting],
  );
  if (variant !== 'no-record') {
    // Filed with its 2257 record, as every upload is (decision 0055), under the site's own key.
    const keyring = siteRecordsKeyring(dataDir);
    const record = sealedExemption(keyring, { id: waiting, userId, username }, 'no_real_people');
    await database.query(
      `INSERT INTO performer_records (video_id, user_id, exemption, performers, key_id, sealed)
       VALUES ($1, $2, 'no_real_people', 0, $3, $4)`,
      [waiting, userId, record.keyId, record.sealed],
    );
  }
  await database.query(
    `UPDATE videos SET status_id = 7, needs_review = true, title = 'Black screen clip',
            created_at = now() - interval '2 hours'
      WHERE id = $1`,
    [rejected],
  );
  await database.query(
    `INSERT INTO moderation_statements (user_id, object_type, object_id, decision, reason, note,
                                        decided_by)
     VALUES ($1, 'video', $2, 'rejected', 'quality', $3, $4)`,
    [userId, rejected, 'The picture is black for most of the video.', moderator?.id],
  );
  console.log(JSON.stringify({ userId, published, waiting, rejected }));
} finally {
  await database.close();
}
