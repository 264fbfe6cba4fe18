import type { JobDefinition } from '../kernel/jobs/queue.ts';

// The restore of countered DMCA takedowns (decision 0049): a counter-notice queues one to
// start when its waiting period is over, and a daily sweep catches any that were not queued
// (a process without a queue, a job lost). Either run restores every item then due, so the
// payload carries nothing and a run twice is harmless.

export function dmcaRestoreJob(deps: {
  /** The DMCA service's restore of due items (the HTTP process's, with its caches). */
  restoreDue(): Promise<number>;
}): JobDefinition<'dmca.restore'> {
  return {
    retryLimit: 5,
    retryDelaySeconds: 60,
    timeoutSeconds: 600,
    concurrency: 1,
    schedule: { cron: '41 5 * * *', payload: {} },
    parse: () => ({}),
    async handler(_payload, ctx) {
      const restored = await deps.restoreDue();
      ctx.log.info({ restored }, 'DMCA restores done');
    },
  };
}
