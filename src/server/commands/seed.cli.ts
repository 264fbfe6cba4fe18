import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { CatalogueNotEmpty, seedBenchCatalogue } from '../../db/seed/bench-seed.ts';
import { loadConfig } from '../config.ts';

// `npm run seed -- --videos 1000000 [--seed 7] [--reset]`: fills the configured database
// (DATABASE_URL, or PGlite in DATA_DIR) with a generated catalogue of the given size, for
// benchmarks and load tests (src/db/seed/bench-seed.ts). The demo catalogue a fresh install
// gets is made by the server itself on first start.

const USAGE = `usage: npm run seed -- --videos N [--seed S] [--reset]
  --videos N  number of videos (1 to 5000000); the other entities scale with it
  --seed S    generator seed (default 1): the same seed makes the same catalogue
  --reset     empty the catalogue tables first (otherwise the database must be empty)`;

class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

async function main(): Promise<void> {
  let values: { videos?: string; seed?: string; reset?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        videos: { type: 'string' },
        seed: { type: 'string', default: '1' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const videos = Number(values.videos);
  if (!Number.isInteger(videos) || videos < 1 || videos > 5_000_000) {
    fail('--videos must be a whole number from 1 to 5000000');
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) fail('--seed must be a whole number');

  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await migrateDatabase(database);
    const started = Date.now();
    let last = '';
    const progress = (stage: string, done: number, total: number) => {
      const elapsed = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
      const line = `${elapsed} s  ${stage}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`;
      if (stage !== last || done === total || done % 100_000 === 0) console.log(line);
      last = stage;
    };
    await seedBenchCatalogue(
      database,
      { videos, seed, reset: values.reset === true, now: new Date() },
      progress,
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`seeded ${videos.toLocaleString('en')} videos on ${database.kind} in ${seconds} s`);
  } catch (error) {
    if (error instanceof CatalogueNotEmpty) fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    process.exitCode = 2;
  }
}
