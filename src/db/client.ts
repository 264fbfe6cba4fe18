import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

// One database interface over the two engines: PGlite (embedded, the default) and a
// PostgreSQL server (DATABASE_URL). Drizzle for ordinary reads and writes; `query` for the
// hand-written hot SQL. Counts must be cast to int in SQL: pg returns bigint as strings.

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Runs one parameterised statement and returns its rows. */
  query<T extends object = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * `query` for a statement of many rows whose columns are numbers, text, booleans or JSON
   * (what JSON keeps as it is: no timestamps, no bigint). PGlite hands its rows to
   * JavaScript one value at a time, which for a thousand rows costs more than the statement;
   * there the rows come as one JSON text, in the statement's order (decision 0059).
   * PostgreSQL sends rows.
   */
  queryMany<T extends object = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<T[]>;
  /** Runs a script of several statements without parameters. */
  exec(text: string): Promise<void>;
  /** Runs `fn` in a transaction on one connection; the work inside uses `tx`. */
  transaction<T>(fn: (tx: Pick<Database, 'query' | 'exec'>) => Promise<T>): Promise<T>;
  /** The adapter pg-boss runs on (`db.executeSql`). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * LISTEN on `channel` (a lower-case identifier): `onMessage` gets each NOTIFY payload.
   * PostgreSQL listens on a connection of its own and reconnects after losing it, calling
   * `onGap` then: messages sent meanwhile are lost. PGlite hears its own instance only.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap: () => void,
  ): Promise<{ close(): Promise<void> }>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite in `pgliteDir`. */
  url?: string | undefined;
  pgliteDir?: string;
  /** Pool size for a PostgreSQL server. */
  poolSize?: number;
  /** PGlite's shared_buffers in MB (PGLITE_SHARED_BUFFERS_MB); `auto` (pgliteSharedBuffers) by default. */
  pgliteSharedBuffersMb?: number | 'auto' | undefined;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10);
  return openPglite(opts.pgliteDir ?? 'memory://', opts.pgliteSharedBuffersMb);
}

/** Bytes of the files under `dir` (0 when it does not exist yet). */
async function bytesUnder(dir: string): Promise<number> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    const sizes = await Promise.all(
      entries
        .filter((entry) => entry.isFile())
        .map(async (entry) => (await stat(path.join(entry.parentPath, entry.name))).size),
    );
    return sizes.reduce((sum, size) => sum + size, 0);
  } catch {
    return 0;
  }
}

/**
 * PGlite's shared buffers in MB for `auto` (issue 18): an eighth of the database's files,
 * between 32 and 256 MB. PGlite keeps them inside the process (its own default, 128 MB, was a
 * fifth of a small site's memory); the operating system's file cache holds the rest of the
 * data as it does for a PostgreSQL server, so a large catalogue gets more of them.
 */
export async function pgliteSharedBuffers(dataDir: string): Promise<number> {
  if (dataDir.startsWith('memory://')) return SHARED_BUFFERS_MB.min;
  const eighth = (await bytesUnder(dataDir)) / 8 / 1024 / 1024;
  return Math.round(Math.min(SHARED_BUFFERS_MB.max, Math.max(SHARED_BUFFERS_MB.min, eighth)));
}

const SHARED_BUFFERS_MB = { min: 32, max: 256 } as const;

async function openPglite(
  dataDir: string,
  sharedBuffersMb: number | 'auto' = 'auto',
): Promise<Database> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const buffers = sharedBuffersMb === 'auto' ? await pgliteSharedBuffers(dataDir) : sharedBuffersMb;
  const client = await PGlite.create({
    dataDir,
    extensions: { pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${Math.round(buffers)}MB`],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const query = async <T extends object>(text: string, params?: unknown[]) =>
    (await client.query<T>(text, params as never[])).rows;
  const exec = async (text: string) => {
    await client.exec(text);
  };
  return {
    kind: 'pglite',
    db,
    query,
    // json_agg reads the subquery's rows in the order it returns them (PGlite runs no
    // parallel workers, so nothing interleaves them).
    async queryMany<T extends object>(text: string, params?: unknown[]) {
      const [row] = await query<{ rows: string }>(
        `SELECT coalesce(json_agg(q), '[]')::text AS rows FROM (${text}) q`,
        params,
      );
      return JSON.parse(row?.rows ?? '[]') as T[];
    },
    exec,
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          query: async <T extends object>(text: string, params?: unknown[]) =>
            (await tx.query<T>(text, params as never[])).rows,
          exec: async (text: string) => {
            await tx.exec(text);
          },
        }),
      ),
    async executeSql(text, values) {
      // pg-boss sends multi-statement scripts without values; PGlite runs those with exec.
      if (values && values.length > 0) return client.query(text, values as never[]);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    async listen(channel, onMessage) {
      const unlisten = await client.listen(channel, onMessage);
      return { close: () => unlisten() };
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  // Fail fast with a clear error when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    query: async <T extends object>(text: string, params?: unknown[]) =>
      (await pool.query<T>(text, params)).rows,
    queryMany: async <T extends object>(text: string, params?: unknown[]) =>
      (await pool.query<T>(text, params)).rows,
    exec: async (text: string) => {
      await pool.query(text);
    },
    async transaction(fn) {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const result = await fn({
          query: async <T extends object>(text: string, params?: unknown[]) =>
            (await conn.query<T>(text, params)).rows,
          exec: async (text: string) => {
            await conn.query(text);
          },
        });
        await conn.query('COMMIT');
        return result;
      } catch (error) {
        await conn.query('ROLLBACK');
        throw error;
      } finally {
        conn.release();
      }
    },
    executeSql: (text, values) => pool.query(text, values),
    listen: (channel, onMessage, onGap) => listenPostgres(url, channel, onMessage, onGap),
    close: () => pool.end(),
  };
}

/** Longest wait between attempts to listen again after the connection was lost. */
const LISTEN_RETRY_MAX_MS = 30_000;

async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap: () => void,
): Promise<{ close(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    const lost = () => {
      if (closed || client !== next) return;
      client = undefined;
      next.end().catch(() => {});
      timer = setTimeout(retry, retryMs);
      retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    retryMs = 500;
  };
  const retry = () => {
    timer = undefined;
    connect().then(onGap, () => {
      // Unless `lost` already planned the next attempt (the client emitted error or end).
      if (closed || timer !== undefined) return;
      client?.end().catch(() => {});
      client = undefined;
      timer = setTimeout(retry, retryMs);
      retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
    });
  };
  await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'drizzle' };
  if (database.kind === 'pglite') {
    const before = await appliedMigrations(database);
    await migratePglite(database.db as never, config);
    // PGlite has no autovacuum: a migration that wrote rows (0030 marks the recent videos)
    // would leave index-only scans reading the table until the nightly maintenance.
    if (before > 0 && (await appliedMigrations(database)) > before) {
      await database.exec('VACUUM ANALYZE');
    }
  } else {
    await migratePg(database.db as never, config);
  }
}

/** How many migrations the database has applied (0 for a new database). */
async function appliedMigrations(database: Database): Promise<number> {
  const [table] = await database.query<{ name: string | null }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`,
  );
  if (!table?.name) return 0;
  const [row] = await database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
  );
  return Number(row?.n ?? 0);
}
