import type { Database } from './client.ts';

// Denormalised counters (videos per category, model, channel, member and tag; comments and
// items per object) are kept up to date by the code that changes them; this reconciles them
// all from the source rows, after a bulk load or as a periodic repair.

const LISTED = 'v.status_id = 1 AND v.post_date <= now()';

/** The counter columns of a video's category rows, by the video's section. */
const CATEGORY_COUNTER = { str: 'videos_str', she: 'videos_she', gay: 'videos_gay' } as const;

/**
 * Moves one listed video's counters by `delta`: its member, categories, tags, models and
 * channel. For a video that becomes listed (+1: an upload published) or stops being listed
 * (-1: deleted, taken down); `refreshCounters` repairs everything in bulk.
 */
export async function moveVideoCounters(
  tx: Pick<Database, 'query'>,
  video: { id: number; user_id: number; gender: keyof typeof CATEGORY_COUNTER },
  delta: 1 | -1,
): Promise<void> {
  const column = CATEGORY_COUNTER[video.gender];
  await tx.query('UPDATE users SET videos_count = GREATEST(0, videos_count + $2) WHERE id = $1', [
    video.user_id,
    delta,
  ]);
  await tx.query(
    `UPDATE categories c SET ${column} = GREATEST(0, c.${column} + $2)
       FROM video_categories vc WHERE vc.video_id = $1 AND c.id = vc.category_id`,
    [video.id, delta],
  );
  await tx.query(
    `UPDATE tags t SET videos_count = GREATEST(0, t.videos_count + $2)
       FROM video_tags vt WHERE vt.video_id = $1 AND t.id = vt.tag_id`,
    [video.id, delta],
  );
  await tx.query(
    `UPDATE models m SET videos_count = GREATEST(0, m.videos_count + $2)
       FROM video_models vm WHERE vm.video_id = $1 AND m.id = vm.model_id`,
    [video.id, delta],
  );
  await tx.query(
    `UPDATE channels ch SET videos_count = GREATEST(0, ch.videos_count + $2)
       FROM videos v WHERE v.id = $1 AND ch.id = v.channel_id`,
    [video.id, delta],
  );
}

/**
 * Whether a video is counted on its member, categories, tags, models and channel (what
 * moveVideoCounters moves): listed, and not an upload still waiting for its first publication
 * (`media.counted` false until then; a catalogue video has no flag and was counted in bulk).
 * `counted` is `media->>'counted'` as read with the video.
 */
export function videoCountsOnLinks(video: { listed: boolean; counted: string | null }): boolean {
  return video.listed && video.counted !== 'false';
}

/**
 * Comments counted on their video or album (`comments_count`) move by `delta` each: the ids
 * of comments still in the table, shown ones only (a removed comment is in no count).
 */
export async function moveCommentCounters(
  tx: Pick<Database, 'query'>,
  commentIds: number[],
  delta: 1 | -1,
): Promise<void> {
  if (commentIds.length === 0) return;
  for (const table of ['videos', 'albums'] as const) {
    const section = table === 'videos' ? 'video' : 'album';
    await tx.query(
      `UPDATE ${table} o SET comments_count = GREATEST(0, o.comments_count + $2 * c.n)
         FROM (SELECT object_id, count(*)::int AS n FROM comments
                WHERE id = ANY($1::int[]) AND section = '${section}' GROUP BY object_id) c
        WHERE o.id = c.object_id`,
      [commentIds, delta],
    );
  }
}

export async function refreshCounters(db: Pick<Database, 'exec'>): Promise<void> {
  await db.exec(`
    UPDATE categories c SET
      videos_str = coalesce(s.str, 0), videos_she = coalesce(s.she, 0), videos_gay = coalesce(s.gay, 0)
    FROM categories c2 LEFT JOIN (
      SELECT vc.category_id,
        count(*) FILTER (WHERE v.gender = 'str')::int AS str,
        count(*) FILTER (WHERE v.gender = 'she')::int AS she,
        count(*) FILTER (WHERE v.gender = 'gay')::int AS gay
      FROM video_categories vc JOIN videos v ON v.id = vc.video_id
      WHERE ${LISTED} GROUP BY vc.category_id
    ) s ON s.category_id = c2.id
    WHERE c.id = c2.id;

    UPDATE models m SET videos_count = coalesce(s.n, 0), views_count = coalesce(s.views, 0)
    FROM models m2 LEFT JOIN (
      SELECT vm.model_id, count(*)::int AS n, least(sum(v.views), 2147483647)::int AS views
      FROM video_models vm JOIN videos v ON v.id = vm.video_id
      WHERE ${LISTED} GROUP BY vm.model_id
    ) s ON s.model_id = m2.id
    WHERE m.id = m2.id;

    UPDATE channels ch SET videos_count = coalesce(s.n, 0), views_count = coalesce(s.views, 0)
    FROM channels ch2 LEFT JOIN (
      SELECT v.channel_id, count(*)::int AS n, least(sum(v.views), 2147483647)::int AS views
      FROM videos v WHERE ${LISTED} AND v.channel_id IS NOT NULL GROUP BY v.channel_id
    ) s ON s.channel_id = ch2.id
    WHERE ch.id = ch2.id;

    UPDATE users u SET videos_count = coalesce(s.n, 0)
    FROM users u2 LEFT JOIN (
      SELECT v.user_id, count(*)::int AS n FROM videos v WHERE ${LISTED} GROUP BY v.user_id
    ) s ON s.user_id = u2.id
    WHERE u.id = u2.id;

    UPDATE tags t SET videos_count = coalesce(s.n, 0)
    FROM tags t2 LEFT JOIN (
      SELECT vt.tag_id, count(*)::int AS n
      FROM video_tags vt JOIN videos v ON v.id = vt.video_id
      WHERE ${LISTED} GROUP BY vt.tag_id
    ) s ON s.tag_id = t2.id
    WHERE t.id = t2.id;

    UPDATE videos v SET comments_count = s.n
    FROM (SELECT object_id, count(*)::int AS n FROM comments WHERE section = 'video' AND status = 1 GROUP BY object_id) s
    WHERE v.id = s.object_id AND v.comments_count <> s.n;

    UPDATE playlists p SET videos_count = coalesce(s.n, 0)
    FROM playlists p2 LEFT JOIN (
      SELECT playlist_id, count(*)::int AS n FROM playlist_videos GROUP BY playlist_id
    ) s ON s.playlist_id = p2.id
    WHERE p.id = p2.id;

    UPDATE videos v SET favourites_count = s.n
    FROM (SELECT video_id, count(*)::int AS n FROM favourites GROUP BY video_id) s
    WHERE v.id = s.video_id AND v.favourites_count <> s.n;

    UPDATE models m SET subscribers_count = coalesce(s.n, 0)
    FROM models m2 LEFT JOIN (
      SELECT target_id, count(*)::int AS n FROM subscriptions WHERE target = 'model' GROUP BY target_id
    ) s ON s.target_id = m2.id
    WHERE m.id = m2.id;

    UPDATE channels ch SET subscribers_count = coalesce(s.n, 0)
    FROM channels ch2 LEFT JOIN (
      SELECT target_id, count(*)::int AS n FROM subscriptions WHERE target = 'channel' GROUP BY target_id
    ) s ON s.target_id = ch2.id
    WHERE ch.id = ch2.id;

    UPDATE users u SET subscribers_count = coalesce(s.n, 0)
    FROM users u2 LEFT JOIN (
      SELECT target_id, count(*)::int AS n FROM subscriptions WHERE target = 'member' GROUP BY target_id
    ) s ON s.target_id = u2.id
    WHERE u.id = u2.id;

    UPDATE albums a SET photos_count = s.n, cover_photo_id = s.cover
    FROM (SELECT album_id, count(*)::int AS n, min(id) AS cover FROM photos GROUP BY album_id) s
    WHERE a.id = s.album_id;

    UPDATE albums a SET comments_count = s.n
    FROM (SELECT object_id, count(*)::int AS n FROM comments WHERE section = 'album' AND status = 1 GROUP BY object_id) s
    WHERE a.id = s.object_id AND a.comments_count <> s.n;
  `);
  await refreshTopVideos(db);
}

/** How many top thumbs (SPEC.md §3 toptn) each category, channel and playlist keeps. */
export const TOP_THUMBS = 4;

/** Refreshes the top video ids of categories (per section), channels and playlists. */
export async function refreshTopVideos(db: Pick<Database, 'exec'>): Promise<void> {
  await db.exec(`
    UPDATE categories c SET top_video_ids = coalesce((
      SELECT jsonb_object_agg(g.gender, g.ids) FROM (
        SELECT gender, jsonb_agg(id ORDER BY rank) AS ids FROM (
          SELECT v.gender, v.id, row_number() OVER (PARTITION BY v.gender ORDER BY v.views_week DESC, v.id DESC) AS rank
            FROM video_categories vc JOIN videos v ON v.id = vc.video_id
           WHERE vc.category_id = c.id AND ${LISTED} AND v.is_private = 0
        ) ranked WHERE rank <= ${TOP_THUMBS} GROUP BY gender
      ) g
    ), '{}'::jsonb);

    UPDATE channels ch SET top_video_ids = coalesce(ARRAY(
      SELECT v.id FROM videos v
       WHERE v.channel_id = ch.id AND ${LISTED} AND v.is_private = 0
       ORDER BY v.views_week DESC, v.id DESC LIMIT ${TOP_THUMBS}
    ), '{}');

    UPDATE playlists p SET top_video_ids = coalesce(ARRAY(
      SELECT v.id FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
       WHERE pv.playlist_id = p.id AND ${LISTED}
       ORDER BY pv.position LIMIT ${TOP_THUMBS}
    ), '{}');
  `);
}

/**
 * These playlists' count and cover thumbs follow their videos, after videos were added to or
 * taken off them (refreshTopVideos does every playlist, nightly).
 */
export async function refreshPlaylistTops(
  tx: Pick<Database, 'query'>,
  playlistIds: number[],
): Promise<void> {
  if (playlistIds.length === 0) return;
  await tx.query(
    `UPDATE playlists p SET updated_at = now(),
        videos_count = (SELECT count(*)::int FROM playlist_videos WHERE playlist_id = p.id),
        top_video_ids = coalesce(ARRAY(
          SELECT v.id FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
           WHERE pv.playlist_id = p.id AND ${LISTED}
           ORDER BY pv.position LIMIT ${TOP_THUMBS}), '{}')
      WHERE p.id = ANY($1::int[])`,
    [playlistIds],
  );
}

/**
 * Clears `recent` (migration 0030) of the videos posted more than 31 days ago: the indexes
 * of recent videos hold the last month again. The mark never leaves a video inside a 30-day
 * window, so lists stay right however late this runs.
 */
export async function ageRecentVideos(db: Pick<Database, 'exec'>): Promise<void> {
  await db.exec(
    `UPDATE videos SET recent = false WHERE recent AND post_date < now() - interval '31 days'`,
  );
}

/** Days of `video_views_daily` kept: enough for the month window and a margin. */
export const VIEW_DAYS_KEPT = 60;

/**
 * Rolls the day, week and month view windows (the most-popular sort) over from the daily
 * view rows: today, the last 7 and the last 30 days. Videos without any daily row keep
 * their counters (generated catalogues set them directly); daily rows past VIEW_DAYS_KEPT go,
 * and so do the daily rows by country (decision 0053).
 * Live views keep adding to the windows between runs.
 */
export async function rollViewWindows(db: Pick<Database, 'exec'>): Promise<void> {
  await db.exec(`
    WITH sums AS (
      SELECT video_id,
        coalesce(sum(views) FILTER (WHERE day >= current_date), 0)::int AS d,
        coalesce(sum(views) FILTER (WHERE day > current_date - 7), 0)::int AS w,
        coalesce(sum(views) FILTER (WHERE day > current_date - 30), 0)::int AS m
      FROM video_views_daily GROUP BY video_id
    )
    UPDATE videos v SET views_day = s.d, views_week = s.w, views_month = s.m
      FROM sums s
     WHERE v.id = s.video_id
       AND (v.views_day, v.views_week, v.views_month) IS DISTINCT FROM (s.d, s.w, s.m);

    DELETE FROM video_views_daily WHERE day < current_date - ${VIEW_DAYS_KEPT};
    DELETE FROM video_views_country_daily WHERE day < current_date - ${VIEW_DAYS_KEPT};
  `);
}
