import type { Gender } from '../../contracts/constants.ts';
import type { DateFilter, DurationFilter, VideoSort, VideoType } from '../../contracts/paths.ts';
import type { Database } from '../../db/client.ts';

// Hand-written SQL for video lists. The id page is picked through the listing indexes
// (videos_listed_*_idx) and only those ids are joined to their rows (deferred join), so a
// deep page never reads the wide rows it skips.

export interface VideoListFilter {
  gender: Gender;
  sort: VideoSort;
  type: VideoType;
  duration: DurationFilter;
  date: DateFilter;
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
}

const DATE_INTERVAL: Record<Exclude<DateFilter, '' | 'all'>, string> = {
  day: '1 day',
  week: '7 days',
  month: '30 days',
};

/** ORDER BY of each sort; most-popular ranks by the views of the chosen date window. */
function orderBy(sort: VideoSort, date: DateFilter): string {
  switch (sort) {
    case 'latest-updates':
      return 'v.post_date DESC, v.id DESC';
    case 'top-rated':
      return 'v.rating DESC, v.likes DESC, v.id DESC';
    case 'most-popular':
      if (date === 'day') return 'v.views_day DESC, v.views DESC, v.id DESC';
      if (date === 'week') return 'v.views_week DESC, v.views DESC, v.id DESC';
      if (date === 'month') return 'v.views_month DESC, v.views DESC, v.id DESC';
      return 'v.views DESC, v.id DESC';
    case 'most-commented':
      return 'v.comments_count DESC, v.id DESC';
    case 'most-favourited':
      return 'v.favourites_count DESC, v.id DESC';
    case 'longest':
      return 'v.duration DESC, v.id DESC';
  }
}

function where(filter: VideoListFilter, params: unknown[]): string {
  params.push(filter.gender);
  const clauses = ['v.status_id = 1', 'v.post_date <= now()', `v.gender = $${params.length}`];
  if (filter.type === 'ch') clauses.push('v.channel_id IS NOT NULL');
  if (filter.type === 'hd') clauses.push('v.is_hd');
  if (filter.duration === '1') clauses.push('v.duration < 600');
  if (filter.duration === '2') clauses.push('v.duration BETWEEN 600 AND 2400');
  if (filter.duration === '3') clauses.push('v.duration > 2400');
  // On most-popular the date picks the ranking window; on the other sorts it filters.
  if (filter.sort !== 'most-popular' && filter.date !== '' && filter.date !== 'all') {
    clauses.push(`v.post_date > now() - interval '${DATE_INTERVAL[filter.date]}'`);
  }
  return clauses.join(' AND ');
}

export interface VideoRepository {
  list(filter: VideoListFilter, limit: number, offset: number): Promise<VideoListRow[]>;
  /** Exact count up to `cap`; `cap + 1` means "more than cap". */
  countUpTo(filter: VideoListFilter, cap: number): Promise<number>;
}

export function createVideoRepository(database: Pick<Database, 'query'>): VideoRepository {
  return {
    async list(filter, limit, offset) {
      const params: unknown[] = [];
      const conditions = where(filter, params);
      params.push(limit, offset);
      return database.query<VideoListRow>(
        `SELECT v.id, v.dir, v.title, v.duration, v.views, v.rating, v.post_date, v.likes,
                v.dislikes, v.comments_count, v.media_version, v.gender, v.is_private, v.is_hd,
                v.country, v.user_id, u.username, u.display_name, ch.dir AS channel_dir,
                (SELECT string_agg(c.title, ',' ORDER BY c.title)
                   FROM video_categories vc JOIN categories c ON c.id = vc.category_id
                  WHERE vc.video_id = v.id) AS categories
           FROM unnest(ARRAY(
                  SELECT v.id FROM videos v WHERE ${conditions}
                   ORDER BY ${orderBy(filter.sort, filter.date)}
                   LIMIT $${params.length - 1} OFFSET $${params.length}
                )) WITH ORDINALITY AS page(id, ord)
           JOIN videos v ON v.id = page.id
           JOIN users u ON u.id = v.user_id
           LEFT JOIN channels ch ON ch.id = v.channel_id
          ORDER BY page.ord`,
        params,
      );
    },

    async countUpTo(filter, cap) {
      const params: unknown[] = [];
      const conditions = where(filter, params);
      params.push(cap + 1);
      const rows = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM videos v WHERE ${conditions} LIMIT $${params.length}) t`,
        params,
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
}
