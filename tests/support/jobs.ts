import pino from 'pino';
import type { Database } from '../../src/db/client.ts';
import type { LocalStorage } from '../../src/media/storage.ts';
import { createJobDefinitions } from '../../src/server/jobs.ts';
import { createJobQueue, type JobQueue } from '../../src/server/kernel/jobs/queue.ts';

/**
 * The real job queue with every job's handler, working, on the test's database and storage.
 * Retries follow at once (`retryDelaySeconds` 0), so a test sees a failing step's attempts
 * run out in seconds; stop it with `queue.stop(5000)`.
 */
export async function startJobs(
  database: Database,
  storage: LocalStorage,
  opts: { retryDelaySeconds?: number } = {},
): Promise<JobQueue> {
  const queue = createJobQueue(
    database,
    createJobDefinitions({
      database,
      storage,
      config: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' },
      retryDelaySeconds: opts.retryDelaySeconds ?? 0,
    }),
    pino({ level: 'silent' }),
  );
  await queue.start();
  return queue;
}
