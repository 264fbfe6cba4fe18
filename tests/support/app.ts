import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Database } from '../../src/db/client.ts';
import { LocalStorage } from '../../src/media/storage.ts';
import { buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { createTestDatabase } from './database.ts';

// The real HTTP application on a fresh test database and a scratch media directory.

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  storage: LocalStorage;
  config: Config;
  close(): Promise<void>;
}

/**
 * `pages: 'dev'` renders the real web app through Vite (no build needed; the first page takes
 * a few seconds to transform), for tests of what a page's HTML holds.
 */
export async function createTestApp(
  opts: {
    pages?: 'none' | 'prod' | 'dev';
    env?: Record<string, string>;
    /** With `pages: 'prod'`: a web build of the test's own (dist/ otherwise). */
    distDir?: string;
    /**
     * Another app's database: this app stands for that one restarted, or for a second
     * process of the same site (give both the same APP_SECRET). It is not dropped here.
     */
    database?: Database;
    /** Milliseconds now for the services that wait between calls: a test moves it on. */
    clock?: () => number;
    /** The app's logger (silent otherwise): a test that reads what the server logged. */
    logger?: pino.Logger;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'afterglow-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...opts.env });
  const { database, drop } = opts.database
    ? { database: opts.database, drop: async () => {} }
    : await createTestDatabase();
  const storage = new LocalStorage(config.mediaDir);
  const app = await buildApp({
    config,
    database,
    storage,
    logger: opts.logger ?? pino({ level: 'silent' }),
    pages: opts.pages ?? 'none',
    ...(opts.distDir ? { distDir: opts.distDir } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    storage,
    config,
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
