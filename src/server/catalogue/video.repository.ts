import type { Gender } from '../../contracts/constants.ts';
import type { DateFilter, DurationFilter, VideoSort, VideoType } from '../../contracts/paths.ts';
import type { Database } from '../../db/client.ts';
import type { VideoMedia } from '../../db/schema.ts';
import { videoLinkListedSql, videoListedSql } from '../kernel/access/visibility.ts';
import { estimateRows } from '../kernel/db/estimate.ts';

// Hand-written SQL for videos. A list picks its page of ids through the listing indexes
// (videos_listed_*_idx, or the member list / playlist tables) and joins only those ids to
// their rows (deferred join), so a deep page never reads the wide rows it skips.

/** Newest videos taken from each of a video's categories and models as related candidates. */
const RELATED_PER_SOURCE = 80;

/** A member's video list: the table it lives in. */
export type MemberList = 'favourites' | 'watch_later' | 'history';

export interface VideoListFilter {
  gender: Gender;
  sort: VideoSort;
  type: VideoType;
  duration: DurationFilter;
  date: DateFilter;
  /** Videos in every one of these categories. */
  categoryIds?: number[];
  modelId?: number;
  channelId?: number;
  /** Uploads of this member. */
  userId?: number;
  country?: string;
  /** A member's list, newest added first when the sort is `history`. */
  memberList?: { list: MemberList; userId: number };
  /** A playlist, always in the playlist's order. */
  playlistId?: number;
  /** These videos, in this order (a visitor's history). */
  ids?: number[];
  /** Full-text query (websearch syntax) the video's search document must match. */
  query?: string;
}

export interface VideoListRow {
  id: number;
  dir: string;
  title: string;
  duration: number;
  views: number;
  rating: number;
  post_date: Date;
  likes: number;
  dislikes: number;
  comments_count: number;
  media_version: number;
  gender: Gender;
  is_private: number;
  is_hd: boolean;
  country: string | null;
  user_id: number;
  username: string;
  display_name: string;
  channel_dir: string | null;
  categories: string | null;
  /** Storage key of the hover clip once made (a demo video's is its shared clip's). */
  hover: string | null;
  /** Ids of the video's categories (the list's `categories` are built from them). */
  category_ids: number[];
}

export interface VideoDetailRow extends VideoListRow {
  description: string;
  status_id: number;
  favourites_count: number;
  screenshots_count: number;
  media: VideoMedia;
  sg_id: number | null;
  ex_tube: string | null;
  ex_id: string | null;
  channel_title: string | null;
  category_list: { id: number; dir: string; title: string }[] | null;
  tag_list: { id: number; dir: string; title: string }[] | null;
  model_list: { id: number; dir: string; title: string }[] | null;
  /** Why it was taken down (status 8): its takedown in force (decision 0047). */
  removed_reason?: string | null;
}

const DATE_INTERVAL: Record<Exclude<DateFilter, '' | 'all'>, string> = {
  day: '1 day',
  week: '7 days',
  month: '30 days',
};

const LIST_TABLE: Record<MemberList, { table: string; added: string }> = {
  favourites: { table: 'favourites', added: 'added_at' },
  watch_later: { table: 'watch_later', added: 'added_at' },
  history: { table: 'history', added: 'viewed_at' },
};

/** The sorts with an index of recent videos (migration 0030). */
const RECENT_SORTS: ReadonlySet<VideoSort> = new Set([
  'top-rated',
  'most-commented',
  'most-favourited',
  'longest',
]);

/** ORDER BY of each sort; most-popular ranks by the views of the chosen date window. */
function orderBy(filter: VideoListFilter): string {
  if (filter.playlistId !== undefined) return 'pv.position, v.id';
  if (filter.ids) return 'l.ord';
  if (filter.memberList && (filter.sort === 'history' || filter.sort === 'latest-updates')) {
    return `l.${LIST_TABLE[filter.memberList.list].added} DESC, v.id DESC`;
  }
  switch (filter.sort) {
    case 'latest-updates':
    case 'history':
      return 'v.post_date DESC, v.id DESC';
    case 'top-rated':
      return 'v.rating DESC, v.likes DESC, v.id DESC';
    case 'most-popular':
      if (filter.date === 'day') return 'v.views_day DESC, v.views DESC, v.id DESC';
      if (filter.date === 'week') return 'v.views_week DESC, v.views DESC, v.id DESC';
      if (filter.date === 'month') return 'v.views_month DESC, v.views DESC, v.id DESC';
      return 'v.views DESC, v.id DESC';
    case 'most-commented':
      return 'v.comments_count DESC, v.id DESC';
    case 'most-favourited':
      return 'v.favourites_count DESC, v.id DESC';
    case 'longest':
      return 'v.duration DESC, v.id DESC';
  }
}

/** The page-picking part of a list query; parameters are appended to `params`. */
interface Source {
  from: string;
  where: string;
  /** The video id column of `from`. */
  id: string;
  order: string;
}

/**
 * FROM, WHERE and ORDER BY of a list. A category list reads the category's link rows, which
 * carry copies of the listing columns under the same names (migration 0003), aliased `v`.
 */
function source(filter: VideoListFilter, params: unknown[]): Source {
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const ownRows = filter.memberList || filter.playlistId !== undefined || filter.ids;
  const categoryIds = ownRows ? [] : (filter.categoryIds ?? []);
  // One category: its link rows carry the listing columns. Several: the videos in all of
  // them come from the GIN index of the category sets (migration 0032).
  const viaCategory = categoryIds.length === 1;
  const viaSets = categoryIds.length > 1;
  let from = 'videos v';
  const clauses = [
    viaCategory
      ? `v.category_id = ${bind(categoryIds[0])} AND ${videoLinkListedSql({ alias: 'v' })}`
      : videoListedSql({ alias: 'v' }),
  ];
  // A member's own lists and a visitor's history hold what they chose, whatever the section.
  if (!filter.memberList && !filter.ids) clauses.push(`v.gender = ${bind(filter.gender)}`);
  if (viaCategory) from = 'video_categories v';
  const id = viaCategory ? 'v.video_id' : 'v.id';
  if (filter.memberList) {
    const { table } = LIST_TABLE[filter.memberList.list];
    from = `${table} l JOIN videos v ON v.id = l.video_id`;
    clauses.unshift(`l.user_id = ${bind(filter.memberList.userId)}`);
  }
  if (filter.ids) {
    from = `unnest(${bind(filter.ids)}::int[]) WITH ORDINALITY AS l(video_id, ord) JOIN videos v ON v.id = l.video_id`;
  }
  if (filter.playlistId !== undefined) {
    from = 'playlist_videos pv JOIN videos v ON v.id = pv.video_id';
    clauses.unshift(`pv.playlist_id = ${bind(filter.playlistId)}`);
  }
  if (viaSets) {
    clauses.push(
      `v.id IN (SELECT s.video_id FROM video_category_sets s WHERE s.category_ids @> ${bind(categoryIds)}::int[])`,
    );
  }
  for (const categoryId of ownRows ? (filter.categoryIds ?? []) : []) {
    clauses.push(
      `EXISTS (SELECT 1 FROM video_categories vc WHERE vc.video_id = ${id} AND vc.category_id = ${bind(categoryId)})`,
    );
  }
  if (filter.modelId !== undefined) {
    clauses.push(
      `EXISTS (SELECT 1 FROM video_models vm WHERE vm.video_id = ${id} AND vm.model_id = ${bind(filter.modelId)})`,
    );
  }
  if (filter.channelId !== undefined) clauses.push(`v.channel_id = ${bind(filter.channelId)}`);
  if (filter.userId !== undefined) clauses.push(`v.user_id = ${bind(filter.userId)}`);
  if (filter.country !== undefined) clauses.push(`v.country = ${bind(filter.country)}`);
  if (filter.query !== undefined) {
    clauses.push(`v.search_vector @@ websearch_to_tsquery('english', ${bind(filter.query)})`);
  }
  if (filter.type === 'ch') clauses.push('v.channel_id IS NOT NULL');
  if (filter.type === 'hd') clauses.push('v.is_hd');
  if (filter.duration === '1') clauses.push('v.duration < 600');
  if (filter.duration === '2') clauses.push('v.duration BETWEEN 600 AND 2400');
  if (filter.duration === '3') clauses.push('v.duration > 2400');
  // On most-popular the date picks the ranking window; on the other sorts it filters.
  if (filter.sort !== 'most-popular' && filter.date !== '' && filter.date !== 'all') {
    clauses.push(`v.post_date > now() - interval '${DATE_INTERVAL[filter.date]}'`);
    // Every video of a window is `recent` (migration 0030): the sorts other than the date
    // then walk the videos_recent_*_idx indexes, which hold the last month's videos only.
    // A date sort reads the window's range of its own index, which has no `recent`.
    if (!viaCategory && RECENT_SORTS.has(filter.sort)) clauses.push('v.recent');
  }
  const order = orderBy(filter);
  return {
    from,
    where: clauses.join(' AND '),
    id,
    order: viaCategory ? order.replace(/\bv\.id\b/g, 'v.video_id') : order,
  };
}

/** The columns of a list item, for rows `v` joined to their page `page(id, ord)`. */
const LIST_COLUMNS = `v.id, v.dir, v.title, v.duration, v.views, v.rating, v.post_date, v.likes,
       v.dislikes, v.comments_count, v.media_version, v.media->>'hover' AS hover, v.gender,
       v.is_private, v.is_hd,
       v.country, v.user_id, u.username, u.display_name, ch.dir AS channel_dir,
       (SELECT string_agg(c.title, ',' ORDER BY c.title)
          FROM video_categories vc JOIN categories c ON c.id = vc.category_id
         WHERE vc.video_id = v.id) AS categories,
       ARRAY(SELECT vc.category_id FROM video_categories vc
              WHERE vc.video_id = v.id ORDER BY vc.category_id) AS category_ids`;

/**
 * Rows of the given ids, in the order of the ids (ids not found are skipped). The statement
 * lives in video_list_rows (migration 0025), planned once per connection: a page's
 * categories are read once per video (names and ids together).
 */
function rowsOf(idsSql: string): string {
  return `SELECT * FROM video_list_rows(${idsSql})`;
}

export interface VideoRepository {
  list(filter: VideoListFilter, limit: number, offset: number): Promise<VideoListRow[]>;
  /** Exact count up to `cap`; `cap + 1` means "more than cap". */
  countUpTo(filter: VideoListFilter, cap: number): Promise<number>;
  /** The planner's estimate of the list's length (no rows are read). */
  estimate(filter: VideoListFilter): Promise<number>;
  /** Rows of the given ids in that order (ids not found are skipped). */
  rowsByIds(ids: number[]): Promise<VideoListRow[]>;
  getDetail(id: number): Promise<VideoDetailRow | undefined>;
  /** What playback needs to know about a video. */
  getPlayback(
    id: number,
  ): Promise<Pick<VideoDetailRow, 'id' | 'status_id' | 'is_private' | 'media'> | undefined>;
  /**
   * Ids of videos related to `id`, best first: sharing models, categories and tags, same
   * section, listed. At most `limit` (a few hundred) candidates are scored.
   */
  relatedIds(id: number, type: VideoType, limit: number): Promise<number[]>;
}

export function createVideoRepository(database: Pick<Database, 'query'>): VideoRepository {
  return {
    async list(filter, limit, offset) {
      const params: unknown[] = [];
      const { from, where, id, order } = source(filter, params);
      params.push(limit, offset);
      return database.query<VideoListRow>(
        rowsOf(`ARRAY(
          SELECT ${id} FROM ${from} WHERE ${where}
           ORDER BY ${order}
           LIMIT $${params.length - 1} OFFSET $${params.length}
        )`),
        params,
      );
    },

    async countUpTo(filter, cap) {
      const params: unknown[] = [];
      const { from, where } = source(filter, params);
      params.push(cap + 1);
      const rows = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT $${params.length}) t`,
        params,
      );
      return Number(rows[0]?.n ?? 0);
    },

    async estimate(filter) {
      const params: unknown[] = [];
      const { from, where } = source(filter, params);
      return estimateRows(database, `${from} WHERE ${where}`, params);
    },

    async rowsByIds(ids) {
      if (ids.length === 0) return [];
      return database.query<VideoListRow>(rowsOf('$1::int[]'), [ids]);
    },

    async getDetail(id) {
      const rows = await database.query<VideoDetailRow>(
        `SELECT ${LIST_COLUMNS}, v.description, v.status_id, v.favourites_count,
                v.screenshots_count, v.media, v.sg_id, v.ex_tube, v.ex_id, ch.title AS channel_title,
                (SELECT json_agg(json_build_object('id', c.id, 'dir', c.dir, 'title', c.title) ORDER BY c.title)
                   FROM video_categories vc JOIN categories c ON c.id = vc.category_id
                  WHERE vc.video_id = v.id) AS category_list,
                (SELECT json_agg(json_build_object('id', t.id, 'dir', t.dir, 'title', t.title) ORDER BY t.title)
                   FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
                  WHERE vt.video_id = v.id) AS tag_list,
                (SELECT json_agg(json_build_object('id', m.id, 'dir', m.dir, 'title', m.title) ORDER BY m.title)
                   FROM video_models vm JOIN models m ON m.id = vm.model_id
                  WHERE vm.video_id = v.id) AS model_list,
                CASE WHEN v.status_id = 8 THEN (SELECT t.reason FROM takedowns t
                   WHERE t.object_type = 'video' AND t.object_id = v.id AND t.restored_at IS NULL
                     AND t.ban_id IS NULL)
                END AS removed_reason
           FROM videos v
           JOIN users u ON u.id = v.user_id
           LEFT JOIN channels ch ON ch.id = v.channel_id
          WHERE v.id = $1`,
        [id],
      );
      return rows[0];
    },

    async getPlayback(id) {
      const rows = await database.query<
        Pick<VideoDetailRow, 'id' | 'status_id' | 'is_private' | 'media'>
      >('SELECT id, status_id, is_private, media FROM videos WHERE id = $1', [id]);
      return rows[0];
    },

    async relatedIds(id, type, limit) {
      // The statement lives in related_video_ids (migration 0024), planned once per
      // connection: candidates are the newest videos of each of the video's categories and
      // models; they are scored by shared models (3), categories (2) and tags (1), listed
      // (the listed check of videoListedSql, written out there) and of the same section.
      const rows = await database.query<{ id: number }>(
        'SELECT id FROM related_video_ids($1, $2, $3, $4) AS id',
        [id, type, limit, RELATED_PER_SOURCE],
      );
      return rows.map((r) => Number(r.id));
    },
  };
}
