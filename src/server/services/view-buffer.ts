// Views are counted in memory and written in one statement every few seconds: a popular
// page would otherwise cost a write per view, and PGlite runs one query at a time. A batch
// that fails to write is put back and tried again with the next one. A crash loses at most
// one interval of views (the counts are statistics, not money).

export interface HistoryEntry {
  userId: number;
  videoId: number;
  viewedAt: Date;
}

export interface ViewBatch {
  /** Views per video: `videoIds[i]` was viewed `counts[i]` times. */
  videoIds: number[];
  counts: number[];
  /** Members' history rows, one per member and video, the latest view kept. */
  history: HistoryEntry[];
}

export class ViewBuffer {
  readonly #views = new Map<number, number>();
  readonly #history = new Map<string, HistoryEntry>();

  get isEmpty(): boolean {
    return this.#views.size === 0 && this.#history.size === 0;
  }

  addView(videoId: number, count = 1): void {
    this.#views.set(videoId, (this.#views.get(videoId) ?? 0) + count);
  }

  addHistory(entry: HistoryEntry): void {
    const key = `${entry.userId}:${entry.videoId}`;
    const known = this.#history.get(key);
    if (!known || known.viewedAt < entry.viewedAt) this.#history.set(key, entry);
  }

  /** Takes everything buffered so far; undefined when there is nothing. */
  drain(): ViewBatch | undefined {
    if (this.isEmpty) return undefined;
    const batch: ViewBatch = {
      videoIds: [...this.#views.keys()],
      counts: [...this.#views.values()],
      history: [...this.#history.values()],
    };
    this.#views.clear();
    this.#history.clear();
    return batch;
  }

  /** Puts a batch that could not be written back, merged with what came since. */
  restore(batch: ViewBatch): void {
    batch.videoIds.forEach((videoId, index) => {
      this.addView(videoId, batch.counts[index] ?? 0);
    });
    for (const entry of batch.history) this.addHistory(entry);
  }
}

export interface ViewFlusher {
  /** Writes what is buffered now; resolves when written (or put back after a failure). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
}

export function startViewFlusher(opts: {
  buffer: ViewBuffer;
  write: (batch: ViewBatch) => Promise<void>;
  intervalMs: number;
  onError: (error: unknown, batch: ViewBatch) => void;
}): ViewFlusher {
  const { buffer } = opts;
  // Flushes run one after another, never side by side.
  let chain: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    chain = chain.then(async () => {
      const batch = buffer.drain();
      if (!batch) return;
      try {
        await opts.write(batch);
      } catch (error) {
        buffer.restore(batch);
        opts.onError(error, batch);
      }
    });
    return chain;
  };
  const timer = setInterval(() => {
    void flush();
  }, opts.intervalMs);
  // The timer alone never keeps the process alive; shutdown flushes through stop().
  timer.unref();
  return {
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
