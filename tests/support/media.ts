import type { Database } from '../../src/db/client.ts';
import type { VideoMedia } from '../../src/db/schema.ts';

// Waiting for the media pipeline in tests: its steps run as background jobs.

export interface PipelineRow {
  status_id: number;
  duration: number;
  is_hd: boolean;
  media_version: number;
  media: VideoMedia;
}

export async function videoMediaRow(database: Database, id: number) {
  const [row] = await database.query<PipelineRow>(
    'SELECT status_id, duration, is_hd, media_version, media FROM videos WHERE id = $1',
    [id],
  );
  return row;
}

/** Waits until every step of the video's current run is done; throws when one failed. */
export async function waitForPipeline(
  database: Database,
  id: number,
  timeoutMs = 240_000,
): Promise<PipelineRow | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await videoMediaRow(database, id);
    const tasks = Object.entries(row?.media.tasks ?? {});
    const failed = tasks.find(([, task]) => task.state === 'failed');
    if (failed) throw new Error(`step ${failed[0]} failed: ${failed[1].error}`);
    if (tasks.length > 0 && tasks.every(([, task]) => task.state === 'done')) return row;
    if (Date.now() > deadline) throw new Error(`pipeline still running: ${JSON.stringify(tasks)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
