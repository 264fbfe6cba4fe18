import type { Database } from '../client.ts';
import { refreshCounters } from '../counters.ts';
import { insertColumns, syncIdentity } from './bulk-insert.ts';
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

// Loads a generated catalogue into an empty database in chunks. Used by the demo seed
// (about a thousand videos) and by the benchmark (a million).

const CHUNK = 5_000;

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

  const pools = modelPools(ctx);
  await inChunks(size.videos, 'videos', onProgress, async (from, to) => {
    const chunk = videoChunk(ctx, pools, from, to);
    await insertColumns(database, 'videos', chunk.videos);
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

  for (const table of [
    'categories',
    'tags',
    'users',
    'models',
    'channels',
    'videos',
    'playlists',
  ]) {
    await syncIdentity(database, table);
  }
  onProgress?.('counters', 0, 1);
  await refreshCounters(database);
  await database.exec('ANALYZE');
  onProgress?.('counters', 1, 1);
}
