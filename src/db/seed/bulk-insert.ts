import type { Database } from '../client.ts';

// Bulk loading with one statement per chunk: each column travels as one array parameter and
// `unnest` turns them back into rows. This is fast on both engines (a million rows in a few
// dozen statements) and keeps the statement text constant.

export interface Column {
  name: string;
  /** PostgreSQL array type of the parameter, e.g. `int[]`, `text[]`, `timestamptz[]`. */
  type: string;
  values: unknown[];
}

export interface InsertOptions {
  onConflictDoNothing?: boolean;
  /**
   * Columns computed in SQL from the row (`r.<column>`); input columns whose name starts
   * with `_` feed these expressions and are not inserted themselves.
   */
  computed?: { name: string; sql: string }[];
}

export async function insertColumns(
  db: Pick<Database, 'query'>,
  table: string,
  columns: Column[],
  opts: InsertOptions = {},
): Promise<void> {
  const rows = columns[0]?.values.length ?? 0;
  if (rows === 0) return;
  for (const column of columns) {
    if (column.values.length !== rows) {
      throw new Error(`insertColumns(${table}): column ${column.name} has a different length`);
    }
  }
  const stored = columns.filter((c) => !c.name.startsWith('_'));
  const computed = opts.computed ?? [];
  const names = [...stored.map((c) => c.name), ...computed.map((c) => c.name)]
    .map((name) => `"${name}"`)
    .join(', ');
  const select = [...stored.map((c) => `r."${c.name}"`), ...computed.map((c) => c.sql)].join(', ');
  const params = columns.map((c, i) => `$${i + 1}::${c.type}`).join(', ');
  const aliases = columns.map((c) => `"${c.name}"`).join(', ');
  const conflict = opts.onConflictDoNothing ? ' ON CONFLICT DO NOTHING' : '';
  await db.query(
    `INSERT INTO "${table}" (${names}) SELECT ${select} FROM unnest(${params}) AS r(${aliases})${conflict}`,
    columns.map((c) => arrayLiteral(c.values)),
  );
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped, then rebuilds them: building
 * an index once is far cheaper than maintaining it through a million inserts.
 */
export async function withoutSecondaryIndexes(
  db: Pick<Database, 'query' | 'exec'>,
  tables: string[],
  load: () => Promise<void>,
): Promise<void> {
  const indexes = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  for (const index of indexes) await db.exec(`DROP INDEX "${index.name}"`);
  try {
    await load();
  } finally {
    for (const index of indexes) await db.exec(index.definition);
  }
}

/**
 * A PostgreSQL array literal. Drivers serialise plain arrays themselves only for the types
 * they know; enum arrays would reach PGlite as `a,b,c`, so every column goes as a literal.
 */
export function arrayLiteral(values: unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'boolean') return value ? 't' : 'f';
    if (typeof value === 'number') return String(value);
    const text = value instanceof Date ? value.toISOString() : String(value);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/** Moves an identity column's sequence past the largest id inserted explicitly. */
export async function syncIdentity(db: Pick<Database, 'query'>, table: string): Promise<void> {
  await db.query(
    `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), GREATEST((SELECT max(id) FROM "${table}"), 1))`,
  );
}
