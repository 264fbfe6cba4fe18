import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { LocalStorage } from '../media/storage.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

/** The OpenAPI document as checked in: built from a throwaway app, stable formatting. */
export async function openApiDocument(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'afterglow-openapi-'));
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await migrateDatabase(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // Calls a setting turns on are documented too.
      AD_EVENTS: 'true',
    });
    const app = await buildApp({
      config,
      database,
      storage: new LocalStorage(config.mediaDir),
      logger: pino({ level: 'silent' }),
      pages: 'none',
    });
    await app.ready();
    const document = app.swagger();
    await app.close();
    return `${JSON.stringify(document, null, 2)}\n`;
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
