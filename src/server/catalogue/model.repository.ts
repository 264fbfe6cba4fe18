import type { Gender } from '../../contracts/constants.ts';
import type { ModelFilters, ModelSort } from '../../contracts/models.paths.ts';
import type { Database } from '../../db/client.ts';
import { videoPublicSql } from '../kernel/access/visibility.ts';

// Hand-written SQL for models and channels. Lists pick their page of ids through the
// per-sort indexes (models_listed_*_idx, migration 0029; channels_*_idx) and join the rows of
// that page.

export interface ModelRow {
  id: number;
  dir: string;
  title: string;
  gender: Gender;
  country: string | null;
  race: string | null;
  age_group: number | null;
  tits_size: string | null;
  hair_color: number | null;
  height: number | null;
  weight: number | null;
  tattoo: number | null;
  piercing: number | null;
  description: string;
  image_version: number;
  videos_count: number;
  views_count: number;
  subscribers_count: number;
}

export interface ChannelRow {
  id: number;
  dir: string;
  title: string;
  url: string;
  description: string;
  banners: Record<string, string>;
  image_version: number;
  videos_count: number;
  views_count: number;
  subscribers_count: number;
  top_video_ids: number[];
}

export interface ThumbRow {
  id: number;
  dir: string;
  title: string;
  media_version: number;
}

// Sorts with an index (models_listed_*_idx, channels_*_idx) say NULLS LAST as the indexes are
// written, or the planner cannot read them in order (the counters are never null).
const SORT_SQL: Record<ModelSort, string> = {
  'most-popular': 'views_count DESC NULLS LAST, id',
  'most-videos': 'videos_count DESC NULLS LAST, id',
  'most-subscribed': 'subscribers_count DESC, id',
  alphabetical: 'title, id',
  latest: 'id DESC',
};

const CHANNEL_SORT_SQL: Record<ModelSort, string> = {
  'most-popular': 'c.views_count DESC NULLS LAST, c.id',
  'most-videos': 'c.videos_count DESC NULLS LAST, c.id',
  'most-subscribed': 'c.subscribers_count DESC, c.id',
  alphabetical: 'c.title, c.id',
  latest: 'c.id DESC',
};

/** Column and value of each model filter slot. */
function modelWhere(gender: Gender, filters: ModelFilters, params: unknown[]): string {
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const clauses = [`gender = ${bind(gender)}`, 'videos_count > 0'];
  // A first letter reads models_listed_letter_idx (the range narrows the digits for it).
  if (filters.alphabet === '0-9') {
    clauses.push(`lower(left(title, 1)) BETWEEN '0' AND '9'`, `title ~ '^[0-9]'`);
  } else if (filters.alphabet) clauses.push(`lower(left(title, 1)) = ${bind(filters.alphabet)}`);
  if (filters.race) clauses.push(`race = ${bind(filters.race)}`);
  if (filters.age) clauses.push(`age_group = ${bind(Number(filters.age))}`);
  if (filters.country) clauses.push(`country = ${bind(filters.country)}`);
  if (filters.tits_size) clauses.push(`tits_size = ${bind(filters.tits_size)}`);
  if (filters.hair_color) clauses.push(`hair_color = ${bind(Number(filters.hair_color))}`);
  if (filters.height) clauses.push(`height = ${bind(Number(filters.height))}`);
  if (filters.weight) clauses.push(`weight = ${bind(Number(filters.weight))}`);
  if (filters.tattoo) clauses.push(`tattoo = ${bind(Number(filters.tattoo))}`);
  if (filters.piercing) clauses.push(`piercing = ${bind(Number(filters.piercing))}`);
  return clauses.join(' AND ');
}

/** Channels with videos, or the channels a member subscribes to (`$1`). */
function channelSource(subscriberId?: number): { from: string; params: unknown[] } {
  if (subscriberId === undefined)
    return { from: 'channels c WHERE c.videos_count > 0', params: [] };
  return {
    from: `subscriptions s JOIN channels c ON c.id = s.target_id
            WHERE s.user_id = $1 AND s.target = 'channel'`,
    params: [subscriberId],
  };
}

const MODEL_COLUMNS = `m.id, m.dir, m.title, m.gender, m.country, m.race, m.age_group, m.tits_size,
  m.hair_color, m.height, m.weight, m.tattoo, m.piercing, m.description, m.image_version,
  m.videos_count, m.views_count, m.subscribers_count`;

const CHANNEL_COLUMNS = `c.id, c.dir, c.title, c.url, c.description, c.banners, c.image_version,
  c.videos_count, c.views_count, c.subscribers_count, c.top_video_ids`;

export function createModelRepository(database: Pick<Database, 'query'>) {
  return {
    /** Models of the section with videos that the filters take. */
    async countModels(gender: Gender, filters: ModelFilters): Promise<number> {
      const params: unknown[] = [];
      const where = modelWhere(gender, filters, params);
      const counted = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM models WHERE ${where}`,
        params,
      );
      return Number(counted[0]?.n ?? 0);
    },

    async listModels(
      gender: Gender,
      filters: ModelFilters,
      sort: ModelSort,
      limit: number,
      offset: number,
    ): Promise<ModelRow[]> {
      const params: unknown[] = [];
      const where = modelWhere(gender, filters, params);
      params.push(limit, offset);
      return database.query<ModelRow>(
        `SELECT ${MODEL_COLUMNS}
           FROM unnest(ARRAY(
             SELECT id FROM models WHERE ${where} ORDER BY ${SORT_SQL[sort]}
              LIMIT $${params.length - 1} OFFSET $${params.length}
           )) WITH ORDINALITY AS page(id, ord)
           JOIN models m ON m.id = page.id ORDER BY page.ord`,
        params,
      );
    },

    async modelByDir(dir: string): Promise<ModelRow | undefined> {
      const rows = await database.query<ModelRow>(
        `SELECT ${MODEL_COLUMNS} FROM models m WHERE m.dir = $1`,
        [dir],
      );
      return rows[0];
    },

    /** Channels with videos, or those a member subscribes to. */
    async countChannels(subscriberId?: number): Promise<number> {
      const { from, params } = channelSource(subscriberId);
      const counted = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${from}`,
        params,
      );
      return Number(counted[0]?.n ?? 0);
    },

    /** A page of them (a member's subscriptions: `latest` is the newest subscription first). */
    async listChannels(
      sort: ModelSort,
      limit: number,
      offset: number,
      subscriberId?: number,
    ): Promise<ChannelRow[]> {
      const { from, params } = channelSource(subscriberId);
      const order =
        subscriberId !== undefined && sort === 'latest'
          ? 's.created_at DESC, c.id'
          : CHANNEL_SORT_SQL[sort];
      params.push(limit, offset);
      return database.query<ChannelRow>(
        `SELECT ${CHANNEL_COLUMNS}
           FROM unnest(ARRAY(
             SELECT c.id FROM ${from} ORDER BY ${order}
              LIMIT $${params.length - 1} OFFSET $${params.length}
           )) WITH ORDINALITY AS page(id, ord)
           JOIN channels c ON c.id = page.id ORDER BY page.ord`,
        params,
      );
    },

    async channelByDir(dir: string): Promise<ChannelRow | undefined> {
      const rows = await database.query<ChannelRow>(
        `SELECT ${CHANNEL_COLUMNS} FROM channels c WHERE c.dir = $1`,
        [dir],
      );
      return rows[0];
    },

    /** Listed, public videos of these ids in the given section (for top thumbs). */
    async thumbs(ids: number[], gender?: Gender): Promise<ThumbRow[]> {
      if (ids.length === 0) return [];
      return database.query<ThumbRow>(
        `SELECT id, dir, title, media_version FROM videos
          WHERE id = ANY($1::int[]) AND ${videoPublicSql()}
            AND ($2::gender_section IS NULL OR gender = $2::gender_section)`,
        [ids, gender ?? null],
      );
    },

    async memberExists(id: number): Promise<boolean> {
      const rows = await database.query('SELECT 1 FROM users WHERE id = $1 AND status = 1', [id]);
      return rows.length > 0;
    },
  };
}

export type ModelRepository = ReturnType<typeof createModelRepository>;
