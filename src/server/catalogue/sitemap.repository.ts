import type { Database } from '../../db/client.ts';
import { videoPublicSql } from '../kernel/access/visibility.ts';

// The sitemaps' reads (SQL only): every file is one index range scan over ids, so a file of
// the million-video catalogue costs the same as the first.

export interface SitemapVideoRow {
  id: number;
  dir: string;
  title: string;
  description: string;
  duration: number;
  post_date: Date;
  views: number;
  media_version: number;
}

export function createSitemapRepository(database: Pick<Database, 'query'>) {
  const dirs = async (sql: string, params: unknown[] = []) =>
    (await database.query<{ dir: string }>(sql, params)).map((row) => row.dir);
  return {
    /** The highest video and model ids: how many files of each the index lists. */
    async highestIds(): Promise<{ videos: number; models: number }> {
      const [row] = await database.query<{ videos: number; models: number }>(
        'SELECT (SELECT coalesce(max(id), 0) FROM videos)::int AS videos, (SELECT coalesce(max(id), 0) FROM models)::int AS models',
      );
      return { videos: Number(row?.videos ?? 0), models: Number(row?.models ?? 0) };
    },

    /** Public videos with ids in (after, upTo]. */
    async videos(after: number, upTo: number): Promise<SitemapVideoRow[]> {
      const rows = await database.query<SitemapVideoRow>(
        `SELECT id, dir, title, description, duration, post_date, views, media_version
           FROM videos
          WHERE id > $1 AND id <= $2 AND ${videoPublicSql()}
          ORDER BY id`,
        [after, upTo],
      );
      return rows.map((row) => ({ ...row, id: Number(row.id), views: Number(row.views) }));
    },

    categoryDirs: () =>
      dirs('SELECT dir FROM categories WHERE videos_str + videos_she + videos_gay > 0 ORDER BY id'),

    channelDirs: () => dirs('SELECT dir FROM channels WHERE videos_count > 0 ORDER BY id'),

    /** Models with videos and ids in (after, upTo]. */
    modelDirs: (after: number, upTo: number) =>
      dirs('SELECT dir FROM models WHERE id > $1 AND id <= $2 AND videos_count > 0 ORDER BY id', [
        after,
        upTo,
      ]),
  };
}

export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
