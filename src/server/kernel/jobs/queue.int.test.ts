import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/database.ts';
import { LocalStorage } from '../../../media/storage.ts';
import { createJobDefinitions } from '../../jobs.ts';
import { createJobQueue } from './queue.ts';

// A job cut off by a crash runs again when the process starts (embedded database), rather
// than after its expiry; a job queued by a process is taken by its own idle worker at once.

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

describe('job queue', () => {
  it('resumes a job a stopped process left active', async () => {
    const definitions = createJobDefinitions({
      database: db.database,
      storage: new LocalStorage('/tmp/afterglow-queue-test-media'),
      config: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' },
    });
    const log = pino({ level: 'silent' });
    // A process that queued a job and was killed while running it.
    const first = createJobQueue(db.database, definitions, log, { work: false });
    await first.start();
    const id = await first.send('db.maintenance', {});
    await db.database.query(
      "UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = $1",
      [id],
    );
    await first.stop(1000);

    const second = createJobQueue(db.database, definitions, log);
    await second.start();
    try {
      if (db.database.kind === 'pglite') {
        // Well inside the job's expiry (its timeout plus a minute).
        await second.waitFor('db.maintenance', id, 30_000);
      } else {
        // A server may be shared by several processes: the job waits for its expiry.
        const [row] = await db.database.query<{ state: string }>(
          'SELECT state FROM pgboss.job WHERE id = $1',
          [id],
        );
        expect(row?.state).toBe('active');
      }
    } finally {
      await second.stop(2000);
    }
  });

  it('wakes its own idle worker when it queues a job due now', async () => {
    const definitions = createJobDefinitions({
      database: db.database,
      storage: new LocalStorage('/tmp/afterglow-queue-test-media'),
      config: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' },
    });
    const log = pino({ level: 'silent' });
    // Workers that would look for work only every two minutes: the job is done long before.
    const queue = createJobQueue(db.database, definitions, log, {
      work: true,
      pollingIntervalSeconds: 120,
    });
    await queue.start();
    try {
      // A first job, taken at the worker's first look or when it is woken; after a job a
      // worker waits its interval before looking again.
      await queue.waitFor('db.maintenance', await queue.send('db.maintenance', {}), 60_000);
      const id = await queue.send('db.maintenance', {});
      await queue.waitFor('db.maintenance', id, 60_000);
    } finally {
      await queue.stop(2000);
    }
  });
});
