// Views are stored one by one before they are answered (a cheap insert) and added to the
// counters in batches: a popular page would otherwise lock and rewrite its video's row,
// daily row and listing copies on every view, and PGlite runs one query at a time. The
// folder runs every few seconds, at start-up (views a crash left behind) and at shutdown.
// A batch that fails is rolled back by the database and stays stored for the next round,
// so nothing is lost and nothing is counted twice.

export interface ViewFolder {
  /** Folds what is stored now; resolves when done (errors go to `onError`). */
  fold(): Promise<void>;
  /** Stops the timer and folds one last round (what it leaves waits for the next start). */
  stop(): Promise<void>;
}

export interface ViewFolderOptions {
  /** Folds up to `limit` stored views in one statement; resolves to how many it took. */
  foldBatch: (limit: number) => Promise<number>;
  intervalMs: number;
  /** Views per statement: bounded so one statement never holds PGlite for long. */
  batchSize: number;
  /**
   * Statements per round. A full round is followed by another at once, so a backlog (after
   * an outage) is worked off without waiting for the timer; the last round at shutdown takes
   * no more than this, and what it leaves is folded after the next start.
   */
  maxBatches: number;
  onError: (error: unknown) => void;
}

export function startViewFolder(opts: ViewFolderOptions): ViewFolder {
  let stopped = false;
  let queued = 0;
  // Rounds run one after another, never side by side.
  let chain: Promise<void> = Promise.resolve();
  const round = async () => {
    let full = true;
    try {
      for (let batch = 0; batch < opts.maxBatches && full; batch++) {
        full = (await opts.foldBatch(opts.batchSize)) === opts.batchSize;
      }
    } catch (error) {
      full = false;
      opts.onError(error);
    }
    if (full && !stopped) void fold();
  };
  const fold = (): Promise<void> => {
    queued += 1;
    chain = chain.then(round).finally(() => {
      queued -= 1;
    });
    return chain;
  };
  const timer = setInterval(() => {
    // A round already waiting will see whatever came since.
    if (queued === 0) void fold();
  }, opts.intervalMs);
  // The timer alone never keeps the process alive; shutdown folds through stop().
  timer.unref();
  // Views a crash left stored are counted at start-up, not one interval later.
  void fold();
  return {
    fold,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await fold();
    },
  };
}
