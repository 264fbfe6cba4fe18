import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { loadConfig } from '../config.ts';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  await migrateDatabase(database);
  console.log(`migrations applied (${database.kind})`);
} finally {
  await database.close();
}
