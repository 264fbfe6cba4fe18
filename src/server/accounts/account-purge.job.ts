import { z } from '../../contracts/zod.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { JobDefinition } from '../kernel/jobs/queue.ts';
import { purgeAccount } from './account-data.service.ts';
import type { AccountDeletionRepository } from './account-deletion.repository.ts';

// The purge of deleted accounts (decision 0057): a deletion queues one for its account at
// once, and a nightly sweep purges every deleted account still waiting (a process without a
// queue, a job lost), well within the ACCOUNT_PURGE_DAYS the privacy page states. Every step
// may run twice, so a retried or repeated run is harmless.

/** Accounts one sweep purges; the rest wait for the next night. */
const SWEEP_LIMIT = 200;

/** A deletion's job names its account; the nightly sweep's names none. */
const payloadSchema = z.object({ userId: z.number().int().positive().optional() });

export function accountPurgeJob(deps: {
  deletion: AccountDeletionRepository;
  storage: Pick<MediaStorage, 'remove'>;
}): JobDefinition<'account.purge'> {
  return {
    retryLimit: 5,
    retryDelaySeconds: 300,
    timeoutSeconds: 1800,
    concurrency: 1,
    schedule: { cron: '23 4 * * *', payload: {} },
    parse: (data) => payloadSchema.parse(data ?? {}),
    async handler(payload, ctx) {
      const ids =
        payload.userId === undefined
          ? await deps.deletion.pendingPurges(SWEEP_LIMIT)
          : [payload.userId];
      let purged = 0;
      for (const userId of ids) {
        // False: purged before (a retried job, the sweep after the deletion's own job).
        if (!(await purgeAccount({ ...deps, signal: ctx.signal }, userId))) continue;
        purged += 1;
        ctx.log.info({ userId }, 'account purged');
      }
      if (payload.userId === undefined) ctx.log.info({ purged }, 'account purge sweep done');
    },
  };
}
