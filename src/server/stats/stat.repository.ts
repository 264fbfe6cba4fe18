import type { VoteSection } from '../../contracts/stat.schema.ts';
import type { Database } from '../../db/client.ts';
import { activeSql } from '../kernel/access/visibility.ts';
import type { Voter } from './voter-identity.ts';

// Hand-written SQL of the stat call: votes with their like counts, and views: stored one by
// one before they are answered, folded into the counters in batches (decision 0012). Only an
// active video or album takes either (active-status.ts).

export type VoteOutcome =
  | { kind: 'voted'; likes: number; dislikes: number; rating: number }
  | { kind: 'already_voted' }
  | { kind: 'not_found' };

/** The table of each votable section and its 0-5 rating (albums have no stored rating). */
const VOTE_TARGETS: Record<VoteSection, { table: string; rating: string }> = {
  video: { table: 'videos', rating: 'rating' },
  album: {
    table: 'albums',
    rating:
      'CASE WHEN likes + dislikes = 0 THEN 0 ELSE round((5.0 * likes / (likes + dislikes))::numeric, 2)::real END',
  },
};

/** One view as the stat call stores it before answering. */
export interface ViewEvent {
  videoId: number;
  /** The member who viewed, for their history; null for a visitor. */
  userId: number | null;
  /** False for a repeat within the 30-minute window: it only refreshes the history. */
  counted: boolean;
  /** The viewer's country (two lower-case letters); '' or left out when not known (0053). */
  country?: string;
}

/**
 * Moves up to $1 stored views, oldest first, into the counters in one statement, so they are
 * counted exactly when they leave view_events: a failure rolls both back, and SKIP LOCKED
 * gives two folders running at once (two processes on one server) disjoint events.
 * - The windows follow rollViewWindows (src/db/counters.ts): a view left over from an
 *   earlier day (a crash, a long outage) goes to its own day's row and only to the windows
 *   it still falls in.
 * - Videos are locked in id order before anything is written, and every daily and history
 *   row written belongs to a locked video, so two folds wait for each other instead of
 *   deadlocking.
 * - Views of videos no longer active since, and history of members gone since, are dropped.
 * - A counted view whose country is known is also added to its video, day and country
 *   (video_views_country_daily, decision 0053); one of unknown country only to the day.
 */
const FOLD_VIEWS = `
  WITH taken AS (
    DELETE FROM view_events
     WHERE id IN (SELECT id FROM view_events ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
    RETURNING video_id, user_id, counted, viewed_at, country
  ), locked AS (
    SELECT v.id FROM videos v
     WHERE v.id IN (SELECT video_id FROM taken) AND ${activeSql({ alias: 'v' })}
     ORDER BY v.id
       FOR NO KEY UPDATE
  ), per_video AS (
    SELECT t.video_id, count(*)::int AS n,
           count(*) FILTER (WHERE t.viewed_at::date >= current_date)::int AS d,
           count(*) FILTER (WHERE t.viewed_at::date > current_date - 7)::int AS w,
           count(*) FILTER (WHERE t.viewed_at::date > current_date - 30)::int AS m
      FROM taken t JOIN locked l ON l.id = t.video_id
     WHERE t.counted
     GROUP BY t.video_id
  ), counters AS (
    UPDATE videos v
       SET views = v.views + p.n, views_day = v.views_day + p.d,
           views_week = v.views_week + p.w, views_month = v.views_month + p.m
      FROM per_video p
     WHERE v.id = p.video_id
  ), daily AS (
    INSERT INTO video_views_daily AS d (video_id, day, views)
    SELECT t.video_id, t.viewed_at::date, count(*)::int
      FROM taken t JOIN locked l ON l.id = t.video_id
     WHERE t.counted
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (video_id, day) DO UPDATE SET views = d.views + EXCLUDED.views
  ), by_country AS (
    INSERT INTO video_views_country_daily AS d (video_id, day, country, views)
    SELECT t.video_id, t.viewed_at::date, t.country, count(*)::int
      FROM taken t JOIN locked l ON l.id = t.video_id
     WHERE t.counted AND t.country IS NOT NULL
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (video_id, day, country) DO UPDATE SET views = d.views + EXCLUDED.views
  ), seen AS (
    INSERT INTO history AS h (user_id, video_id, viewed_at)
    SELECT t.user_id, t.video_id, max(t.viewed_at)
      FROM taken t JOIN locked l ON l.id = t.video_id JOIN users u ON u.id = t.user_id
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (user_id, video_id) DO UPDATE
      SET viewed_at = greatest(h.viewed_at, EXCLUDED.viewed_at)
  )
  SELECT count(*)::int AS taken FROM taken`;

export interface StatRepository {
  /**
   * Records a vote and moves the object's like or dislike count in one transaction. One
   * vote per voter and object, ever: the votes primary key refuses a second one.
   */
  castVote(section: VoteSection, objectId: number, voter: Voter, vote: 0 | 1): Promise<VoteOutcome>;
  /** True when the video exists and is active. */
  isLiveVideo(id: number): Promise<boolean>;
  /** Adds a view to an active album's counter; false when there is no such album. */
  countAlbumView(id: number): Promise<boolean>;
  /** Stores one view; once this resolves the view survives a crash. */
  recordView(event: ViewEvent): Promise<void>;
  /**
   * Adds up to `limit` stored views to the videos' counters and daily rows, and members'
   * history, removing them from the store. Resolves to how many were taken.
   */
  foldViews(limit: number): Promise<number>;
}

export function createStatRepository(database: Database): StatRepository {
  return {
    castVote(section, objectId, voter, vote) {
      const { table, rating } = VOTE_TARGETS[section];
      return database.transaction(async (tx): Promise<VoteOutcome> => {
        const inserted = await tx.query(
          `INSERT INTO votes (section, object_id, user_id, voter_hash, vote)
           SELECT $1::comment_section, t.id, $3, $4, $5 FROM ${table} t WHERE t.id = $2 AND ${activeSql({ alias: 't' })}
           ON CONFLICT DO NOTHING
           RETURNING vote`,
          [section, objectId, voter.userId, voter.voterHash, vote],
        );
        if (inserted.length === 0) {
          const [live] = await tx.query<{ live: boolean }>(
            `SELECT EXISTS (SELECT 1 FROM ${table} WHERE id = $1 AND ${activeSql()}) AS live`,
            [objectId],
          );
          return live?.live ? { kind: 'already_voted' } : { kind: 'not_found' };
        }
        const [counts] = await tx.query<{ likes: number; dislikes: number; rating: number }>(
          `UPDATE ${table} SET likes = likes + $2::int, dislikes = dislikes + $3::int
            WHERE id = $1
           RETURNING likes, dislikes, ${rating} AS rating`,
          [objectId, vote, 1 - vote],
        );
        if (!counts) throw new Error(`${table} ${objectId} vanished while voting`);
        return {
          kind: 'voted',
          likes: counts.likes,
          dislikes: counts.dislikes,
          rating: Number(counts.rating),
        };
      });
    },

    async isLiveVideo(id) {
      const rows = await database.query(`SELECT 1 FROM videos WHERE id = $1 AND ${activeSql()}`, [
        id,
      ]);
      return rows.length > 0;
    },

    async countAlbumView(id) {
      // Albums are viewed rarely next to videos: counted at once, no folding needed.
      const rows = await database.query(
        `UPDATE albums SET views = views + 1 WHERE id = $1 AND ${activeSql()} RETURNING 1`,
        [id],
      );
      return rows.length > 0;
    },

    async recordView(event) {
      await database.query(
        'INSERT INTO view_events (video_id, user_id, counted, country) VALUES ($1, $2, $3, $4)',
        [event.videoId, event.userId, event.counted, event.country || null],
      );
    },

    async foldViews(limit) {
      const [row] = await database.query<{ taken: number }>(FOLD_VIEWS, [limit]);
      return row?.taken ?? 0;
    },
  };
}
