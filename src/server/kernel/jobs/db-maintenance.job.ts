import type { Database } from '../../../db/client.ts';
import { ageRecentVideos, refreshCounters, rollViewWindows } from '../../../db/counters.ts';
import type { JobDefinition } from './queue.ts';

// Nightly upkeep: reconciles the denormalised counters and top thumbs with their source rows,
// rolls the day/week/month view windows over from the daily view rows, clears the recent
// mark of videos older than a month,
// removes expired sessions, mailed links and pending email changes and accounts never
// confirmed within a week,
// and, on PGlite (which has no autovacuum), vacuums and analyses the tables so index-only
// list scans stay index-only and the planner's estimates stay right (decision 0008).

export function dbMaintenanceJob(deps: {
  database: Database;
  /** The domains' own clean-ups (accounts, email changes): the kernel knows none of them. */
  purge?: ReadonlyArray<() => Promise<unknown>>;
}): JobDefinition<'db.maintenance'> {
  return {
    retryLimit: 1,
    retryDelaySeconds: 600,
    timeoutSeconds: 3600,
    concurrency: 1,
    schedule: { cron: '17 4 * * *', payload: {} },
    // It takes nothing: whatever a stored job carries is not read.
    parse: () => ({}),
    async handler(_payload, ctx) {
      const started = Date.now();
      await refreshCounters(deps.database);
      await rollViewWindows(deps.database);
      await ageRecentVideos(deps.database);
      const purged = [];
      for (const purge of deps.purge ?? []) purged.push(await purge());
      if (deps.database.kind === 'pglite') await deps.database.exec('VACUUM ANALYZE');
      ctx.log.info({ ms: Date.now() - started, purged }, 'database maintenance done');
    },
  };
}
