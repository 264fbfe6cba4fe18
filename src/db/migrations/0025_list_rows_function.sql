-- The rows of a video list (docs/decisions/0059, "Update"): every list, search page and
-- related list reads its page's rows with this statement, which took 1-2 ms to plan on PGlite
-- on top of running it. In a PL/pgSQL function each connection plans it once and keeps the
-- plan. The rows come back in the order of `p_ids`; ids that are not found are skipped.
CREATE OR REPLACE FUNCTION video_list_rows(p_ids integer[])
RETURNS TABLE (
  id integer, dir text, title text, duration integer, views integer, rating real,
  post_date timestamptz, likes integer, dislikes integer, comments_count integer,
  media_version smallint, hover text, gender gender_section, is_private smallint, is_hd boolean,
  country bpchar, user_id integer, username text, display_name text, channel_dir text,
  categories text, category_ids integer[]
)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT v.id, v.dir, v.title, v.duration, v.views, v.rating, v.post_date, v.likes,
         v.dislikes, v.comments_count, v.media_version, v.media->>'hover',
         v.gender, v.is_private, v.is_hd, v.country, v.user_id, u.username,
         u.display_name, ch.dir, cats.categories, coalesce(cats.category_ids, '{}')
    FROM unnest(p_ids) WITH ORDINALITY AS page(id, ord)
    JOIN videos v ON v.id = page.id
    JOIN users u ON u.id = v.user_id
    LEFT JOIN channels ch ON ch.id = v.channel_id
    LEFT JOIN LATERAL (
      SELECT string_agg(c.title, ',' ORDER BY c.title) AS categories,
             array_agg(vc.category_id ORDER BY vc.category_id) AS category_ids
        FROM video_categories vc JOIN categories c ON c.id = vc.category_id
       WHERE vc.video_id = v.id
    ) cats ON true
   ORDER BY page.ord;
END $$;
