import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config.ts';
import { migrateDatabase, openDatabase } from '../client.ts';
import { isCatalogueEmpty } from './demo.ts';
import { BENCH_SIZE, type CatalogueSize } from './generate.ts';
import { BENCH_ACTIVITY } from './generate-activity.ts';
import { loadCatalogue } from './load.ts';

// `npm run seed -- --videos 1000000 [--seed 7] [--reset]`: fills the configured database
// (DATABASE_URL, or PGlite in DATA_DIR) with a generated catalogue of the given size, for
// benchmarks and load tests. Artwork is not rendered: thumbs show the placeholder image.
// The demo catalogue a fresh install gets is made by the server itself on first start.

const USAGE = `usage: npm run seed -- --videos N [--seed S] [--reset]
  --videos N  number of videos (1 to 5000000); the other entities scale with it
  --seed S    generator seed (default 1): the same seed makes the same catalogue
  --reset     empty the catalogue tables first (otherwise the database must be empty)`;

/** The benchmark proportions, scaled to `videos`, never below a handful of each. */
export function scaledSize(videos: number): CatalogueSize {
  const ratio = videos / BENCH_SIZE.videos;
  const scale = (n: number, min: number) => Math.max(min, Math.round(n * ratio));
  return {
    videos,
    categories: scale(BENCH_SIZE.categories, 40),
    models: scale(BENCH_SIZE.models, 30),
    channels: scale(BENCH_SIZE.channels, 10),
    members: scale(BENCH_SIZE.members, 20),
    playlists: scale(BENCH_SIZE.playlists, 10),
    albums: scale(BENCH_SIZE.albums, 10),
    keywords: scale(BENCH_SIZE.keywords, 200),
    commentsPerVideo: BENCH_SIZE.commentsPerVideo,
  };
}

const CATALOGUE_TABLES = [
  'offers',
  'keywords',
  'photos',
  'albums',
  'votes',
  'wall_posts',
  'messages',
  'friends',
  'subscriptions',
  'history',
  'watch_later',
  'favourites',
  'video_views_daily',
  'playlist_videos',
  'playlists',
  'comments',
  'video_tags',
  'video_models',
  'video_categories',
  'videos',
  'tags',
  'channels',
  'models',
  'categories',
  'users',
];

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
    if (values.reset) {
      await database.exec(`TRUNCATE ${CATALOGUE_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
    } else if (!(await isCatalogueEmpty(database))) {
      fail('the database already holds a catalogue: pass --reset to replace it');
    }
    const size = scaledSize(videos);
    const started = Date.now();
    let last = '';
    const progress = (stage: string, done: number, total: number) => {
      const elapsed = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
      const line = `${elapsed} s  ${stage}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`;
      if (stage !== last || done === total || done % 100_000 === 0) console.log(line);
      last = stage;
    };
    await loadCatalogue(database, { seed, size, now: new Date() }, progress, BENCH_ACTIVITY);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`seeded ${videos.toLocaleString('en')} videos on ${database.kind} in ${seconds} s`);
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
