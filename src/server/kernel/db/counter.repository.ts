import type { Database } from '../../../db/client.ts';

// Expiring counters in `rate_limits` (decision 0024): the route limits, the sign-in throttles
// and the spent captchas. They live in the database so a restart keeps them and every
// process on one database shares them. Time is the database's clock, the one all processes
// agree on.

export interface CounterState {
  /** Hits in the current window. */
  hits: number;
  /** Milliseconds until the window ends (0 when there is none). */
  ttlMs: number;
}

export interface CounterRepository {
  /**
   * Counts one hit: a key without a live window starts one of `windowMs` at 1; a live one
   * goes up by one and keeps its end. One statement, so concurrent hits never lose a count.
   */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /** The live window of a key, without counting (0 hits when there is none). */
  peek(key: string): Promise<CounterState>;
  clear(key: string): Promise<void>;
  /** Deletes up to `limit` expired rows; answers how many went. */
  prune(limit: number): Promise<number>;
}

/** Far from int overflow, however long a flood keeps one window busy. */
const HITS_CAP = 2_000_000_000;

export function createCounterRepository(database: Pick<Database, 'query'>): CounterRepository {
  // pg answers numeric expressions as strings, PGlite as numbers: coerce both.
  const state = (row: { hits: number | string; ttl_ms: number | string } | undefined) =>
    row
      ? { hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl_ms)) }
      : { hits: 0, ttlMs: 0 };

  return {
    async hit(key, windowMs) {
      const [row] = await database.query<{ hits: number; ttl_ms: number }>(
        `INSERT INTO rate_limits AS r (key, hits, reset_at)
         VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE LEAST(r.hits, $3) + 1 END,
           reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
         RETURNING hits, ceil(extract(epoch FROM reset_at - now()) * 1000)::int AS ttl_ms`,
        [key, windowMs, HITS_CAP],
      );
      return state(row);
    },

    async peek(key) {
      const [row] = await database.query<{ hits: number; ttl_ms: number }>(
        `SELECT hits, ceil(extract(epoch FROM reset_at - now()) * 1000)::int AS ttl_ms
           FROM rate_limits WHERE key = $1 AND reset_at > now()`,
        [key],
      );
      return state(row);
    },

    async clear(key) {
      await database.query('DELETE FROM rate_limits WHERE key = $1', [key]);
    },

    async prune(limit) {
      // In batches on the reset_at index: PGlite runs one statement at a time, and a long
      // delete would hold every request behind it.
      const rows = await database.query(
        `DELETE FROM rate_limits WHERE key IN (
           SELECT key FROM rate_limits WHERE reset_at <= now() ORDER BY reset_at LIMIT $1)
         RETURNING 1`,
        [limit],
      );
      return rows.length;
    },
  };
}
