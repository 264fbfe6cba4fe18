// A list's total, kept briefly per process: paging through one list counts it once, and on
// PGlite (one query at a time) every count saved is a query nobody waits behind. A kept
// total may be up to `ttlMs` old; the pages themselves are always read fresh.

export class KeptTotals {
  private readonly totals = new Map<string, { total: number; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(opts: { ttlMs: number; maxEntries: number }) {
    this.ttlMs = opts.ttlMs;
    this.maxEntries = opts.maxEntries;
  }

  /** The total kept for `key`, or `count()`'s, kept from now on (the oldest key goes first). */
  async get(key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
    const kept = this.totals.get(key);
    if (kept && kept.expiresAt > now) return kept.total;
    const total = await count();
    this.totals.delete(key);
    this.totals.set(key, { total, expiresAt: now + this.ttlMs });
    if (this.totals.size > this.maxEntries) {
      this.totals.delete(this.totals.keys().next().value as string);
    }
    return total;
  }
}
