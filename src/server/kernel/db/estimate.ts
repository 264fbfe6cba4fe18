import type { Database } from '../../../db/client.ts';

// Row counts without reading rows. A list's total is exact up to EXACT_COUNT_CAP; beyond
// what the planner expects to be far more than that, its estimate is the answer (decision
// 0008): counting a million rows exactly would stall every other request on PGlite.

/** Above this estimate a total is reported as estimated rather than counted. */
export const ESTIMATE_OVER = 30_000;

/** Rows a list's total counts exactly at most (the console's lists, decision 0043). */
export const COUNT_CAP = 10_000;

/** The planner's estimate of how many rows `SELECT 1 FROM {from} WHERE {where}` returns. */
export async function estimateRows(
  database: Pick<Database, 'query'>,
  fromWhere: string,
  params: unknown[],
): Promise<number> {
  const rows = await database.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${fromWhere}`,
    params,
  );
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    | { Plan?: { 'Plan Rows'?: number } }[]
    | undefined;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * A list's total: the estimate when it is far above `cap`, otherwise an exact count that
 * stops at `cap + 1`.
 */
export async function countRows(
  database: Pick<Database, 'query'>,
  fromWhere: string,
  params: unknown[],
  cap = COUNT_CAP,
): Promise<number> {
  const estimate = await estimateRows(database, fromWhere, params);
  if (estimate > ESTIMATE_OVER) return estimate;
  const counted = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${fromWhere} LIMIT ${Math.floor(cap) + 1}) t`,
    params,
  );
  return Number(counted[0]?.n ?? 0);
}
