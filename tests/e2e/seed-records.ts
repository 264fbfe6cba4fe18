import path from 'node:path';
import { openDatabase } from '../../src/db/client.ts';
import { createRecordsRepository } from '../../src/server/compliance/records.repository.ts';
import { createRecordsService } from '../../src/server/compliance/records.service.ts';
import { recordDocuments, siteRecordsKeyring, testViewer } from '../support/factories.ts';

// Test-only (console-records.e2e.ts): on the data directory of a stopped site, takes the two
// oldest demo videos waiting for review (DEMO_REVIEW files them with an exemption) and makes
// the first one a video without any 2257 record, the second one filed with a performer and
// her two documents, through the records service itself (sealed under the site's own key).
// Prints the two ids and the ID document's bytes (base64).
//
//   node tests/e2e/seed-records.ts <data dir>

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: seed-records.ts <data dir>');

const database = await openDatabase({ pgliteDir: `${dataDir}/db` });
try {
  const waiting = await database.query<{ id: number; user_id: number; username: string }>(
    `SELECT v.id, v.user_id, u.username FROM videos v JOIN users u ON u.id = v.user_id
      WHERE v.status_id = 6 ORDER BY v.review_since, v.id LIMIT 2`,
  );
  const [bare, declared] = waiting;
  if (!bare || !declared) throw new Error('DEMO_REVIEW put fewer than two videos in the queue');
  await database.query('DELETE FROM performer_records WHERE video_id = ANY($1::int[])', [
    [bare.id, declared.id],
  ]);
  const keyring = siteRecordsKeyring(dataDir);
  const records = createRecordsService({
    records: createRecordsRepository(database),
    keyring,
    dir: path.join(dataDir, 'records'),
    log: { info: () => {}, warn: () => {}, error: console.error },
  });
  const { idDocument, release } = await recordDocuments();
  const intake = records.intake();
  await intake.take('performer_1_id_document', idDocument);
  await intake.take('performer_1_release', release);
  const prepared = records.prepare(
    testViewer(Number(declared.user_id), declared.username),
    {
      rules_confirmed: '1',
      record: 'performers',
      production_date: '2024-05-04',
      performer_1_name: 'Marisol Quintavalle',
      performer_1_birth_date: '1996-09-21',
      performer_1_aliases: 'Mari Q',
    },
    intake,
    { ip: '203.0.113.7' },
  );
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.errors));
  await prepared.record.file(database, {
    id: Number(declared.id),
    userId: Number(declared.user_id),
  });
  console.log(
    JSON.stringify({
      bare: Number(bare.id),
      declared: Number(declared.id),
      idDocument: idDocument.toString('base64'),
    }),
  );
} finally {
  await database.close();
}
