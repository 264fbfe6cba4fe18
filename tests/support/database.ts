import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, migrateDatabase, openDatabase } from '../../src/db/client.ts';

// A fresh, migrated database per test file: PGlite in memory by default, or a new database
// on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL database's URL, for a server process of its own; none for PGlite. */
  url?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const name = `afterglow_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  await migrateDatabase(database);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/**
 * Drops a test database, waiting out the server's own workers: PostgreSQL 15 refuses a forced
 * drop while an autovacuum worker is in the database and the role may not signal it
 * (insufficient_privilege), and any server may answer object_in_use for a moment.
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 20 || (code !== '42501' && code !== '55006')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await cleanup.end();
  }
}
