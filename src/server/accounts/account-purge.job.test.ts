import { describe, expect, it } from 'vitest';
import type { JobContext } from '../kernel/jobs/queue.ts';
import type { AccountDeletionRepository } from './account-deletion.repository.ts';
import { accountPurgeJob } from './account-purge.job.ts';

// The purge job's payload and log (decision 0057): the repository is a stand-in, so only what
// the job itself decides is checked here; account-data.int.test.ts runs the real purge.

function setup(waiting: Set<number>) {
  const logged: { obj: object; msg: string }[] = [];
  const deletion = {
    pendingPurges: async () => [...waiting],
    purgePending: async (userId: number) => waiting.has(userId),
    videos: async () => [],
    dropVideos: async () => undefined,
    albums: async () => [],
    dropAlbums: async () => undefined,
    ageEvidence: async () => [],
    finish: async (userId: number) => {
      waiting.delete(userId);
    },
  } as unknown as AccountDeletionRepository;
  const job = accountPurgeJob({ deletion, storage: { remove: async () => undefined } });
  const ctx = {
    signal: new AbortController().signal,
    log: { info: (obj: object, msg: string) => logged.push({ obj, msg }) },
  } as unknown as JobContext;
  return { job, ctx, logged };
}

describe('account.purge job', () => {
  it('takes a positive integer userId, or none for the sweep, and refuses anything else', () => {
    const { job } = setup(new Set());
    expect(job.parse({ userId: 7 })).toEqual({ userId: 7 });
    expect(job.parse({})).toEqual({});
    expect(job.parse(null)).toEqual({});
    for (const userId of [0, -3, 1.5, '7', null, 2 ** 53]) {
      expect(() => job.parse({ userId })).toThrow();
    }
  });

  it('logs "account purged" only for an account it purged', async () => {
    const { job, ctx, logged } = setup(new Set([4]));
    await job.handler({ userId: 4 }, ctx);
    expect(logged).toEqual([{ obj: { userId: 4 }, msg: 'account purged' }]);
    // Run again (a retried job, the sweep after it): nothing left, nothing said.
    logged.length = 0;
    await job.handler({ userId: 4 }, ctx);
    expect(logged).toEqual([]);
  });

  it('the sweep counts only the accounts it purged', async () => {
    const { job, ctx, logged } = setup(new Set([5, 6]));
    await job.handler({}, ctx);
    expect(logged.map((l) => l.msg)).toEqual([
      'account purged',
      'account purged',
      'account purge sweep done',
    ]);
    expect(logged.at(-1)?.obj).toEqual({ purged: 2 });
  });
});
