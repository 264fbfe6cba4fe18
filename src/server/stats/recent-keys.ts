// A bounded set of keys that expire a fixed time after they were added. Map keeps insertion
// order, and every key is (re)inserted at its add time, so the oldest key is always first:
// expiry and eviction only ever look at the front, O(1) per key. When full, the oldest key
// goes first, so under a flood the set forgets early rather than grows.

export interface RecentKeysOptions {
  ttlMs: number;
  maxEntries: number;
  /** A monotonic clock in ms; `performance.now` unless a test gives its own. */
  now?: () => number;
}

export class RecentKeys {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #addedAt = new Map<string, number>();

  constructor(opts: RecentKeysOptions) {
    this.#ttlMs = opts.ttlMs;
    this.#maxEntries = Math.max(1, opts.maxEntries);
    this.#now = opts.now ?? (() => performance.now());
  }

  get size(): number {
    return this.#addedAt.size;
  }

  /** True when `key` was added less than the TTL ago. */
  has(key: string): boolean {
    this.#expire(this.#now());
    return this.#addedAt.has(key);
  }

  /** Adds `key` now (restarting its TTL when present). */
  add(key: string): void {
    const now = this.#now();
    this.#expire(now);
    this.#addedAt.delete(key);
    this.#addedAt.set(key, now);
    for (const oldest of this.#addedAt.keys()) {
      if (this.#addedAt.size <= this.#maxEntries) break;
      this.#addedAt.delete(oldest);
    }
  }

  /** Adds `key` unless it is recent; true when it was added. */
  addIfAbsent(key: string): boolean {
    if (this.has(key)) return false;
    this.add(key);
    return true;
  }

  /** Forgets `key`, as if it had never been added. */
  delete(key: string): void {
    this.#addedAt.delete(key);
  }

  #expire(now: number): void {
    for (const [key, addedAt] of this.#addedAt) {
      if (now - addedAt < this.#ttlMs) break;
      this.#addedAt.delete(key);
    }
  }
}
