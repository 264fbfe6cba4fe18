import type { Database } from '../client.ts';
import { isCatalogueEmpty } from './demo.ts';
import { BENCH_SIZE, type CatalogueSize } from './generate.ts';
import { BENCH_ACTIVITY } from './generate-activity.ts';
import { loadCatalogue, type Progress } from './load.ts';

// A generated catalogue of any size for benchmarks and load tests (`npm run seed`, whose
// command reads the server's settings: src/server/commands/seed.cli.ts). Artwork is not
// rendered: thumbs show the placeholder image.

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
  'keyword_totals',
  'suggest_names',
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

/** The database already holds a catalogue and was not to be emptied. */
export class CatalogueNotEmpty extends Error {
  constructor() {
    super('the database already holds a catalogue: pass --reset to replace it');
  }
}

/**
 * Fills a migrated database with the benchmark catalogue scaled to `videos`; `reset` empties
 * the catalogue tables first, otherwise a database that holds one is refused.
 */
export async function seedBenchCatalogue(
  database: Database,
  o: { videos: number; seed: number; reset: boolean; now: Date },
  progress?: Progress,
): Promise<void> {
  if (o.reset) {
    await database.exec(`TRUNCATE ${CATALOGUE_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  } else if (!(await isCatalogueEmpty(database))) {
    throw new CatalogueNotEmpty();
  }
  const size = scaledSize(o.videos);
  await loadCatalogue(database, { seed: o.seed, size, now: o.now }, progress, BENCH_ACTIVITY);
}
