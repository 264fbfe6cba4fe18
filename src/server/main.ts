import { migrateDatabase, openDatabase } from '../db/client.ts';
import { isCatalogueEmpty, seedDemo } from '../db/seed/demo.ts';
import { LocalStorage } from '../media/storage.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createJobDefinitions } from './jobs/definitions.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createLogger } from './logger.ts';

// Runs the site: database and migrations, demo seed on an empty database, background jobs,
// then HTTP. SIGTERM/SIGINT stop it gracefully: in-flight requests finish, jobs stop, the
// database closes cleanly.

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Afterglow needs Node 24 (this is ${process.version}). Start it through npm (npm start), ` +
      'which uses the Node version pinned in package.json.',
  );
  process.exit(1);
}

const config = loadConfig();
const log = createLogger(config);

async function main(): Promise<void> {
  const started = Date.now();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  log.info({ database: database.kind }, 'database open');
  await migrateDatabase(database);

  const storage = new LocalStorage(config.mediaDir);
  const jobs = createJobQueue(database, createJobDefinitions({ database, storage, config }), log, {
    work: config.jobs,
  });
  await jobs.start();

  if (config.seedDemo && (await isCatalogueEmpty(database))) {
    const { playable } = await seedDemo({ database, storage, jobs, config, log });
    playable.catch((error: unknown) => log.error({ err: error }, 'demo videos failed'));
  }

  const app = await buildApp({
    config,
    database,
    storage,
    logger: log,
    jobs,
    pages: config.env === 'development' ? 'dev' : 'prod',
  });
  await app.listen({ host: config.host, port: config.port });
  log.info({ url: config.publicUrl, ms: Date.now() - started }, 'Afterglow is up');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    force.unref();
    try {
      // Connections still queued in the kernel would be reset by closing the port at once:
      // serve them during the drain (at least SHUTDOWN_DRAIN_MS, then until nothing is in
      // flight or arriving) while health checks turn load balancers away.
      app.draining = true;
      if (config.shutdownDrainMs > 0) {
        await app.whenQuiet({
          minMs: config.shutdownDrainMs,
          quietMs: 200,
          maxMs: Math.max(config.shutdownDrainMs, config.shutdownTimeoutMs / 2),
        });
      }
      await app.close();
      await jobs.stop(config.shutdownTimeoutMs);
      await database.close();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
