import type { JobDefinition } from '../jobs/queue.ts';

// Mail kept while the mail server was down goes out again (decision 0051): every ten minutes
// the outbox's due messages are tried, oldest first; a run stops at the first that fails
// again (the server is still down) and the rest wait for the next run.

export function mailRetryJob(deps: {
  /** The outbox's run (the HTTP process's: its mailer). */
  retryDue(): Promise<{ sent: number; failed: number; dropped: number }>;
}): JobDefinition<'mail.retry'> {
  return {
    // The next scheduled run is the retry.
    retryLimit: 0,
    retryDelaySeconds: 0,
    timeoutSeconds: 300,
    concurrency: 1,
    schedule: { cron: '*/10 * * * *', payload: {} },
    parse: () => ({}),
    async handler(_payload, ctx) {
      const run = await deps.retryDue();
      if (run.sent + run.failed + run.dropped > 0) ctx.log.info(run, 'mail retried');
    },
  };
}
