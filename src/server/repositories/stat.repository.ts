import type { VoteSection } from '../../contracts/stat.schema.ts';
import type { Database } from '../../db/client.ts';
import type { ViewBatch } from '../services/view-buffer.ts';
import type { Voter } from '../services/voter-identity.ts';
import { ACTIVE_STATUS } from './active-status.ts';

// Hand-written SQL of the stat call: votes with their like counts, and buffered views. Only
// an active video or album takes either (active-status.ts).

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

export interface StatRepository {
  /**
   * Records a vote and moves the object's like or dislike count in one transaction. One
   * vote per voter and object, ever: the votes primary key refuses a second one.
   */
  castVote(section: VoteSection, objectId: number, voter: Voter, vote: 0 | 1): Promise<VoteOutcome>;
  /** True when the video exists and is active. */
  isLiveVideo(id: number): Promise<boolean>;
  /** Adds a batch of views to the videos' counters and daily rows, and members' history. */
  writeViews(batch: ViewBatch): Promise<void>;
}

export function createStatRepository(database: Database): StatRepository {
  return {
    castVote(section, objectId, voter, vote) {
      const { table, rating } = VOTE_TARGETS[section];
      return database.transaction(async (tx): Promise<VoteOutcome> => {
        const inserted = await tx.query(
          `INSERT INTO votes (section, object_id, user_id, voter_hash, vote)
           SELECT $1::comment_section, t.id, $3, $4, $5 FROM ${table} t WHERE t.id = $2 AND t.${ACTIVE_STATUS}
           ON CONFLICT DO NOTHING
           RETURNING vote`,
          [section, objectId, voter.userId, voter.voterHash, vote],
        );
        if (inserted.length === 0) {
          const [live] = await tx.query<{ live: boolean }>(
            `SELECT EXISTS (SELECT 1 FROM ${table} WHERE id = $1 AND ${ACTIVE_STATUS}) AS live`,
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
      const rows = await database.query(`SELECT 1 FROM videos WHERE id = $1 AND ${ACTIVE_STATUS}`, [
        id,
      ]);
      return rows.length > 0;
    },

    async writeViews(batch) {
      // One statement: the counters, the day's row per video and the history rows. Rows of
      // videos no longer active since the view was taken, and of members gone since, are
      // skipped.
      await database.query(
        `WITH counted AS (
           UPDATE videos v
              SET views = v.views + b.n, views_day = v.views_day + b.n,
                  views_week = v.views_week + b.n, views_month = v.views_month + b.n
             FROM unnest($1::int[], $2::int[]) AS b(video_id, n)
            WHERE v.id = b.video_id AND v.${ACTIVE_STATUS}
           RETURNING v.id, b.n
         ), daily AS (
           INSERT INTO video_views_daily AS d (video_id, day, views)
           SELECT id, current_date, n FROM counted
           ON CONFLICT (video_id, day) DO UPDATE SET views = d.views + EXCLUDED.views
         )
         INSERT INTO history AS h (user_id, video_id, viewed_at)
         SELECT x.user_id, x.video_id, x.viewed_at
           FROM unnest($3::int[], $4::int[], $5::timestamptz[]) AS x(user_id, video_id, viewed_at)
           JOIN videos v ON v.id = x.video_id AND v.${ACTIVE_STATUS}
           JOIN users u ON u.id = x.user_id
         ON CONFLICT (user_id, video_id) DO UPDATE
           SET viewed_at = greatest(h.viewed_at, EXCLUDED.viewed_at)`,
        [
          batch.videoIds,
          batch.counts,
          batch.history.map((entry) => entry.userId),
          batch.history.map((entry) => entry.videoId),
          batch.history.map((entry) => entry.viewedAt.toISOString()),
        ],
      );
    },
  };
}
