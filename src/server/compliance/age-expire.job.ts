import type { JobDefinition } from '../kernel/jobs/queue.ts';

// Photos never outlive their limit (decision 0054): every hour the age checks pending longer
// than AGE_REVIEW_DAYS fail and their photos are deleted, with any photo file no pending
// check holds. A run twice is harmless.

export function ageExpireJob(deps: {
  /** The age-verification service's run (the HTTP process's: its caches and mailer). */
  expireDue(): Promise<{ expired: number; swept: number }>;
}): JobDefinition<'age.expire'> {
  return {
    // The next scheduled run is the retry.
    retryLimit: 0,
    retryDelaySeconds: 0,
    timeoutSeconds: 600,
    concurrency: 1,
    schedule: { cron: '17 * * * *', payload: {} },
    parse: () => ({}),
    async handler(_payload, ctx) {
      const run = await deps.expireDue();
      if (run.expired + run.swept > 0) ctx.log.info(run, 'age checks expired');
    },
  };
}
