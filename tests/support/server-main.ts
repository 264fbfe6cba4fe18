import type { AddressInfo } from 'node:net';
import { migrateDatabase, openDatabase } from '../../src/db/client.ts';
import { LocalStorage } from '../../src/media/storage.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';

// The real application in a process of its own (`node tests/support/server-main.ts`), put
// together as src/server/main.ts does, but serving the API only (no build needed), with no
// jobs, demo seed or signal handlers: tests kill it with SIGKILL and look at what survived.
// It listens on a free port and says where on stdout.

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
await migrateDatabase(database);
const app = await buildApp({
  config,
  database,
  storage: new LocalStorage(config.mediaDir),
  logger: createLogger(config),
  pages: 'none',
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
