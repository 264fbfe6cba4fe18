-- Related videos' candidates in id order (docs/decisions/0059, "related videos in id
-- order"). The candidates (the newest videos of each of a video's categories and models) came
-- out of a UNION in hash order, so the listed check and the three scoring lookups of each
-- jumped between the leaf pages of four indexes keyed by video id. In id order each index is
-- read forward, and a page serves the next candidate while it is still in the buffers. The
-- answer is the same: the candidates are a set, and the scoring orders them.
CREATE OR REPLACE FUNCTION related_video_ids(p_id integer, p_type text, p_limit integer, p_per_source integer)
RETURNS SETOF integer LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  src_gender gender_section;
  cat_ids integer[];
  model_ids integer[];
  tag_ids integer[];
  candidates integer[];
BEGIN
  SELECT v.gender INTO src_gender FROM videos v WHERE v.id = p_id;
  IF NOT FOUND THEN RETURN; END IF;
  cat_ids := ARRAY(SELECT vc.category_id FROM video_categories vc WHERE vc.video_id = p_id);
  model_ids := ARRAY(SELECT vm.model_id FROM video_models vm WHERE vm.video_id = p_id);
  tag_ids := ARRAY(SELECT vt.tag_id FROM video_tags vt WHERE vt.video_id = p_id);
  candidates := ARRAY(
    SELECT c.video_id FROM unnest(cat_ids) AS s(category_id), LATERAL (
      SELECT vc.video_id FROM video_categories vc
       WHERE vc.category_id = s.category_id AND vc.video_id <> p_id
       ORDER BY vc.video_id DESC LIMIT p_per_source
    ) c
    UNION
    SELECT c.video_id FROM unnest(model_ids) AS s(model_id), LATERAL (
      SELECT vm.video_id FROM video_models vm
       WHERE vm.model_id = s.model_id AND vm.video_id <> p_id
       ORDER BY vm.video_id DESC LIMIT p_per_source
    ) c
    -- In id order, the checks and the scoring below read each index's pages in turn.
    ORDER BY 1
  );
  RETURN QUERY
  SELECT v.id FROM unnest(candidates) AS c(id) JOIN videos v ON v.id = c.id
   WHERE v.status_id = 1 AND v.post_date <= now() AND v.gender = src_gender
     AND (p_type <> 'ch' OR v.channel_id IS NOT NULL) AND (p_type <> 'hd' OR v.is_hd)
   ORDER BY 3 * (SELECT count(*) FROM video_models vm
                  WHERE vm.video_id = v.id AND vm.model_id = ANY (model_ids))
          + 2 * (SELECT count(*) FROM video_categories vc
                  WHERE vc.video_id = v.id AND vc.category_id = ANY (cat_ids))
          + (SELECT count(*) FROM video_tags vt
              WHERE vt.video_id = v.id AND vt.tag_id = ANY (tag_ids)) DESC,
            v.views_week DESC, v.id DESC
   LIMIT p_limit;
END $$;
