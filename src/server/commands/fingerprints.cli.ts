import { parseArgs } from 'node:util';
import pino from 'pino';
import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { LocalStorage } from '../../media/storage.ts';
import { loadConfig } from '../config.ts';
import {
  type BackfillDeps,
  backfillFingerprints,
} from '../fingerprints/fingerprint-backfill.service.ts';
import { createFingerprintBackfill } from '../jobs.ts';

// `npm run fingerprints -- backfill [--limit N]`: fingerprints the videos processed before
// fingerprints existed (decision 0056), now rather than a few an hour, on the database and
// media the server uses (with PGlite stop the server first: one process at a time opens it).
// Batch by batch, so an interrupted run loses at most the video it was decoding.

const USAGE = `usage: npm run fingerprints -- backfill [--limit N]
  fingerprint the videos that have none (published, in review, taken down, the demo's
  shared clips), oldest first; at most N (default: all of them)`;

const BATCH = 10;

/** Runs one command; answers the process exit code. */
export async function runFingerprintsCommand(
  args: string[],
  deps: BackfillDeps,
  out: (line: string) => void,
  signal?: AbortSignal,
): Promise<number> {
  let parsed: { values: { limit?: string; help: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { limit: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (error) {
    out(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out(USAGE);
    return 0;
  }
  const limit = values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit);
  if (positionals.length !== 1 || positionals[0] !== 'backfill' || !(limit > 0)) {
    out(USAGE);
    return 2;
  }
  const log = pino({ level: 'silent' });
  let done = 0;
  let unreadable = 0;
  while (done + unreadable < limit && !signal?.aborted) {
    const batch = await backfillFingerprints(deps, {
      limit: Math.min(BATCH, limit - done - unreadable),
      signal,
      log,
    });
    const taken = batch.fingerprinted.length + batch.unreadable.length;
    if (taken === 0) break;
    done += batch.fingerprinted.length;
    unreadable += batch.unreadable.length;
    for (const id of batch.fingerprinted) out(`video ${id}: fingerprinted`);
    for (const id of batch.unreadable) out(`video ${id}: source unreadable, skipped`);
  }
  out(`${done} fingerprinted, ${unreadable} unreadable`);
  return 0;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  try {
    await migrateDatabase(database);
    process.exitCode = await runFingerprintsCommand(
      process.argv.slice(2),
      createFingerprintBackfill(database, new LocalStorage(config.mediaDir), config.ffmpegPath),
      (line) => console.log(line),
      stop.signal,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.main) await main();
