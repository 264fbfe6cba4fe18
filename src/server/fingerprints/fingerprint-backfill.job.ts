import { z } from '../../contracts/zod.ts';
import type { JobDefinition } from '../kernel/jobs/queue.ts';
import {
  BACKFILL_BATCH,
  type BackfillDeps,
  backfillFingerprints,
} from './fingerprint-backfill.service.ts';

// The fingerprint backfill on its own schedule (decision 0056): a batch an hour, the
// videos still without a fingerprint (fingerprint-backfill.service.ts).

const payloadSchema = z.object({ limit: z.number().int().positive().max(1000).optional() });

export function fingerprintBackfillJob(deps: BackfillDeps): JobDefinition<'fingerprint.backfill'> {
  return {
    retryLimit: 1,
    retryDelaySeconds: 300,
    // A batch of 20-minute decodes on a busy core (fingerprintTimeoutMs each).
    timeoutSeconds: 1800,
    concurrency: 1,
    schedule: { cron: '41 * * * *', payload: {} },
    parse: (data) => payloadSchema.parse(data ?? {}),
    async handler({ limit }, ctx) {
      await backfillFingerprints(deps, {
        limit: limit ?? BACKFILL_BATCH,
        signal: ctx.signal,
        log: ctx.log,
      });
    },
  };
}
