// What a list's pages share, kept briefly per process: its total, a search's ranking. Paging
// through one list counts (or ranks) it once, and on PGlite (one query at a time) every
// query saved is one nobody waits behind. A kept value may be up to `ttlMs` old; the rows of
// a page are always read fresh.

export class Kept<T> {
  private readonly values = new Map<string, { value: T; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  /** Counts clears: a value made while one happened is from before it, and is not kept. */
  private generation = 0;

  constructor(opts: { ttlMs: number; maxEntries: number }) {
    this.ttlMs = opts.ttlMs;
    this.maxEntries = opts.maxEntries;
  }

  /** The value kept for `key`, or `make()`'s, kept from now on (the oldest key goes first). */
  async get(key: string, make: () => Promise<T>, now = Date.now()): Promise<T> {
    const kept = this.values.get(key);
    if (kept && kept.expiresAt > now) return kept.value;
    const generation = this.generation;
    const value = await make();
    if (generation !== this.generation) return value;
    this.values.delete(key);
    this.values.set(key, { value, expiresAt: now + this.ttlMs });
    if (this.values.size > this.maxEntries) {
      this.values.delete(this.values.keys().next().value as string);
    }
    return value;
  }

  /** Forgets every kept value (what they were made from changed). */
  clear(): void {
    this.values.clear();
    this.generation += 1;
  }
}

/**
 * A page of a list whose total may be kept (up to a minute old): a page past the total is
 * not read, but the first page always is, and a page holding more than the total raises it.
 * A list that was empty when counted shows its first entry at once.
 */
export async function pageOfKept<T>(
  total: number,
  offset: number,
  read: () => Promise<T[]>,
): Promise<{ rows: T[]; total: number }> {
  if (offset > 0 && offset >= total) return { rows: [], total };
  const rows = await read();
  return { rows, total: Math.max(total, offset + rows.length) };
}

/**
 * Answers read whole and kept while their data's version stands (decision 0064): `get` is
 * handed the version read now, before building, so an answer built while a writer committed
 * carries the older version and is built again by the next call. Exact, unlike `Kept`: every
 * call reads the version (one row), and a changed version is never answered from before.
 */
export class Versioned<T> {
  private readonly values = new Map<string, { version: number; value: T }>();
  private readonly maxEntries: number;

  constructor(opts: { maxEntries: number }) {
    this.maxEntries = opts.maxEntries;
  }

  async get(key: string, version: number, make: () => Promise<T>): Promise<T> {
    const kept = this.values.get(key);
    if (kept && kept.version === version) return kept.value;
    const value = await make();
    const latest = this.values.get(key);
    // A slower build that read an older version does not replace a newer one.
    if (latest && latest.version > version) return value;
    this.values.delete(key);
    this.values.set(key, { version, value });
    if (this.values.size > this.maxEntries) {
      this.values.delete(this.values.keys().next().value as string);
    }
    return value;
  }
}
