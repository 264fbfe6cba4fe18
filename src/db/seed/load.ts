import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { Database } from '../client.ts';
import { refreshCounters } from '../counters.ts';
import { insertColumns, syncIdentity, withoutSecondaryIndexes } from './bulk-insert.ts';
import {
  type CatalogueContext,
  categoryColumns,
  channelColumns,
  memberColumns,
  modelColumns,
  modelPools,
  playlistChunk,
  tagColumns,
  videoChunk,
} from './generate.ts';
import {
  type ActivityRates,
  activityChunk,
  albumChunk,
  DEMO_ACTIVITY,
  DEMO_OFFERS,
  keywordColumns,
} from './generate-activity.ts';

// Loads a generated catalogue into an empty database in chunks. Used by the demo seed
// (about a thousand videos) and by the benchmark (a million).

const CHUNK = 5_000;

/** The search document of a video, as refresh_video_search (migration 0001) builds it. */
const SEARCH_VECTOR = {
  name: 'search_vector',
  sql: `setweight(to_tsvector('english', r."title"), 'A')
     || setweight(to_tsvector('english', r."_search_b"), 'B')
     || setweight(to_tsvector('english', r."description"), 'C')`,
};

/** Tables a catalogue load fills in bulk: their secondary indexes are rebuilt afterwards. */
const BULK_TABLES = [
  'videos',
  'video_categories',
  'video_models',
  'video_tags',
  'comments',
  'favourites',
  'watch_later',
  'history',
  'votes',
  'subscriptions',
  'playlist_videos',
  'photos',
];

/**
 * Up to this many videos the seed counts each keyword's real results. A popular search must
 * find something: the tag strip offers only keywords with results, and a generated count
 * sends visitors to empty pages. At a million videos the count takes minutes (PostgreSQL 15,
 * 2.5 min for 5,620 keywords) and found nothing for only 22 of them: the benchmark keeps
 * the generated counts, which the site corrects at a keyword's next search.
 */
const TRUE_KEYWORD_RESULTS_UP_TO = 50_000;

/** Each keyword's results: its section's listed videos that its search finds, up to 1,000. */
async function countKeywordResults(database: Database): Promise<void> {
  await database.exec(
    `UPDATE keywords k SET results = (
       SELECT count(*) FROM (
         SELECT 1 FROM videos v
          WHERE v.status_id = ${VIDEO_STATUS.active} AND v.post_date <= now()
            AND v.gender = k.gender
            AND v.search_vector @@ websearch_to_tsquery('english', k.keyword)
          LIMIT 1000) found)`,
  );
}

export type Progress = (stage: string, done: number, total: number) => void;

async function inChunks(
  total: number,
  stage: string,
  onProgress: Progress | undefined,
  load: (from: number, to: number) => Promise<void>,
): Promise<void> {
  for (let from = 1; from <= total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK - 1);
    await load(from, to);
    onProgress?.(stage, to, total);
  }
}

export async function loadCatalogue(
  database: Database,
  ctx: CatalogueContext,
  onProgress?: Progress,
  rates: ActivityRates = DEMO_ACTIVITY,
): Promise<void> {
  const { size } = ctx;
  await insertColumns(database, 'categories', categoryColumns(ctx));
  await insertColumns(database, 'tags', tagColumns());
  await inChunks(size.members, 'members', onProgress, (from, to) =>
    insertColumns(database, 'users', memberColumns(ctx, from, to)),
  );
  await inChunks(size.models, 'models', onProgress, (from, to) =>
    insertColumns(database, 'models', modelColumns(ctx, from, to)),
  );
  await inChunks(size.channels, 'channels', onProgress, (from, to) =>
    insertColumns(database, 'channels', channelColumns(ctx, from, to)),
  );

  await withoutSecondaryIndexes(database, BULK_TABLES, async () => {
    const pools = modelPools(ctx);
    await inChunks(size.videos, 'videos', onProgress, async (from, to) => {
      const chunk = videoChunk(ctx, pools, from, to);
      await insertColumns(database, 'videos', chunk.videos, { computed: [SEARCH_VECTOR] });
      await insertColumns(database, 'video_categories', chunk.videoCategories);
      await insertColumns(database, 'video_models', chunk.videoModels);
      await insertColumns(database, 'video_tags', chunk.videoTags);
      await insertColumns(database, 'comments', chunk.comments);
    });
    await inChunks(size.playlists, 'playlists', onProgress, async (from, to) => {
      const chunk = playlistChunk(ctx, from, to);
      await insertColumns(database, 'playlists', chunk.playlists);
      await insertColumns(database, 'playlist_videos', chunk.items);
    });

    await inChunks(size.members, 'activity', onProgress, async (from, to) => {
      const chunk = activityChunk(ctx, rates, from, to);
      await insertColumns(database, 'favourites', chunk.favourites);
      await insertColumns(database, 'watch_later', chunk.watchLater);
      await insertColumns(database, 'history', chunk.history);
      await insertColumns(database, 'subscriptions', chunk.subscriptions);
      await insertColumns(database, 'friends', chunk.friends, { onConflictDoNothing: true });
      await insertColumns(database, 'messages', chunk.messages);
      await insertColumns(database, 'wall_posts', chunk.wallPosts);
      await insertColumns(database, 'comments', chunk.comments);
      await insertColumns(database, 'votes', chunk.votes);
    });
    await inChunks(size.albums, 'albums', onProgress, async (from, to) => {
      const chunk = albumChunk(ctx, from, to);
      await insertColumns(database, 'albums', chunk.albums);
      await insertColumns(database, 'photos', chunk.photos);
    });
    onProgress?.('indexes', 0, 1);
  });
  onProgress?.('indexes', 1, 1);
  await insertColumns(database, 'keywords', keywordColumns(ctx, size.keywords));
  if (size.videos <= TRUE_KEYWORD_RESULTS_UP_TO) await countKeywordResults(database);
  for (const offer of DEMO_OFFERS) {
    await database.query(
      `INSERT INTO offers (pretitle, title, links, countries, tag_patterns)
       VALUES ($1, $2, ARRAY[$3], $4::text[], $5::text[])`,
      [offer.pretitle, offer.title, 'https://offers.example/join', offer.countries, offer.tags],
    );
  }

  for (const table of [
    'categories',
    'tags',
    'users',
    'models',
    'channels',
    'videos',
    'playlists',
    'albums',
  ]) {
    await syncIdentity(database, table);
  }

  onProgress?.('counters', 0, 1);
  // Statistics first: PGlite has no autoanalyze, and the counter queries join millions of
  // rows that the planner must know about to pick hash joins over nested loops.
  await database.exec('ANALYZE');
  await refreshCounters(database);
  // PGlite has no autovacuum: set the visibility map so index-only scans stay index-only.
  await database.exec('VACUUM ANALYZE');
  onProgress?.('counters', 1, 1);
}
