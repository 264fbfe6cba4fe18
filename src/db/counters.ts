import type { Database } from './client.ts';

// Denormalised counters (videos per category, model, channel, member and tag; comments and
// items per object) are kept up to date by the code that changes them; this reconciles them
// all from the source rows, after a bulk load or as a periodic repair.

const LISTED = 'v.status_id = 1 AND v.post_date <= now()';

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
    FROM (SELECT object_id, count(*)::int AS n FROM comments WHERE section = 'video' GROUP BY object_id) s
    WHERE v.id = s.object_id AND v.comments_count <> s.n;

    UPDATE playlists p SET videos_count = coalesce(s.n, 0)
    FROM playlists p2 LEFT JOIN (
      SELECT playlist_id, count(*)::int AS n FROM playlist_videos GROUP BY playlist_id
    ) s ON s.playlist_id = p2.id
    WHERE p.id = p2.id;
  `);
}
