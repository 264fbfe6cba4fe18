import './production-default.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { demoPlan, seedDemo } from '../db/seed/demo.ts';
import { renderDemoPool } from '../db/seed/demo-pool.ts';
import { LocalStorage } from '../media/storage.ts';
import { buildApp } from './app.ts';
import { sealedExemption } from './compliance/records.service.ts';
import { recordsKeyringFor } from './compliance/records-crypto.ts';
import { createRepositories } from './compose.ts';
import { loadConfig } from './config.ts';
import { type AppTasks, createJobDefinitions } from './jobs.ts';
import type { ResponseCache } from './kernel/cache/response-cache.ts';
import { createJobQueue } from './kernel/jobs/queue.ts';
import { hashPassword } from './kernel/passwords.ts';
import { createLogger } from './logger.ts';
import type { VideoMediaRepository } from './media/video-media.repository.ts';

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

/**
 * How long answers are kept while the demo's shared clips are being made: the demo videos
 * become playable meanwhile, and an answer kept for hours would still say "being prepared".
 */
const CLIPS_PENDING_CACHE_S = 20;
const CLIPS_CHECK_MS = 5000;

async function main(): Promise<void> {
  const started = Date.now();
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
  });
  log.info({ database: database.kind }, 'database open');
  await migrateDatabase(database);

  const storage = new LocalStorage(config.mediaDir);
  // Built once: the jobs and the HTTP app share them.
  const repositories = createRepositories(database);
  // Some jobs need the app's services (their caches, the mailer): bound once it is built.
  let appTasks: AppTasks | undefined;
  const jobs = createJobQueue(
    database,
    createJobDefinitions({
      database,
      storage,
      config,
      repositories,
      app: () => appTasks,
    }),
    log,
    { work: config.jobs },
  );
  await jobs.start();

  // Clip sources still being rendered at shutdown are left to the next start.
  const stopping = new AbortController();
  const { signal } = stopping;
  // The seed imports no server code (decision 0042): it is handed the queue, the media
  // repository and the password hash, one each, shared with the clips' watch below.
  const pool = { database, storage, jobs, media: repositories.videoMedia, log, signal };
  const recordsKeyring = recordsKeyringFor(config, (message) => log.warn(message));
  const plan = config.seedDemo ? await demoPlan(database) : 'resume';
  if (plan === 'seed') {
    const { playable } = await seedDemo({
      ...pool,
      config,
      hashPassword,
      sealRecord: (video) => sealedExemption(recordsKeyring, video, 'no_real_people'),
    });
    playable.catch((error: unknown) => log.error({ err: error }, 'demo clips failed'));
  } else if (plan === 'accounts-exist') {
    log.warn(
      'the demo catalogue is not loaded: the database has accounts but no videos (staff made before the first start?); start once before adding staff, or set SEED_DEMO=false',
    );
  } else {
    // A start cut short while the demo's clips were being made goes on where it stopped.
    renderDemoPool({ ...pool, ffmpegPath: config.ffmpegPath }).catch((error: unknown) =>
      log.error({ err: error }, 'demo clips failed'),
    );
  }

  const app = await buildApp({
    config,
    database,
    storage,
    logger: log,
    jobs,
    repositories,
    recordsKeyring,
    pages: config.env === 'development' ? 'dev' : 'prod',
  });
  appTasks = app;
  const stopWatching = await watchDemoClips(repositories.videoMedia, app, started);
  await app.listen({ host: config.host, port: config.port });
  log.info({ url: config.publicUrl, ms: Date.now() - started }, 'Afterglow is up');

  let stopped = false;
  const stop = async (signal: string) => {
    if (stopped) return;
    stopped = true;
    stopping.abort();
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
      stopWatching();
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

/**
 * While the demo's shared clips are being made (whichever process runs the jobs), answers
 * are kept only briefly; once they are all made, the limit goes with what was kept under it.
 * Returns what stops the watch.
 */
async function watchDemoClips(
  media: Pick<VideoMediaRepository, 'sharedClipsPending'>,
  app: { responseCache: ResponseCache },
  started: number,
): Promise<() => void> {
  if (!(await media.sharedClipsPending())) return () => {};
  app.responseCache.limitLifetime(CLIPS_PENDING_CACHE_S);
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    media
      .sharedClipsPending()
      .then((pending) => {
        if (pending) return;
        clearInterval(timer);
        app.responseCache.limitLifetime(undefined);
        log.info({ ms: Date.now() - started }, 'demo clips made: every demo video plays');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'demo clips check failed'))
      .finally(() => {
        busy = false;
      });
  }, CLIPS_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
