-- Search box suggestions (docs/decisions/0059, "Update"): the names lookup in a PL/pgSQL
-- function, planned once per connection and kept (generic: the trigram index serves any
-- text). Each kind (categories, models, channels, keywords) keeps its `p_limit` best: names
-- starting like the text first, then (with `p_fuzzy`, from 4 characters) resembling it, then
-- the most videos or searches.
CREATE OR REPLACE FUNCTION suggest(p_text text, p_prefix text, p_gender gender_section, p_limit integer, p_fuzzy boolean)
RETURNS TABLE (kind text, dir text, title text, total integer)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
-- The names are looked for through their trigram index alone (MATERIALIZED, no table
-- scan): a kept plan knows nothing of the text and, offered the section, would rather read
-- the section's names from the primary key and test each one.
SET enable_seqscan = off
AS $$
#variable_conflict use_column
BEGIN
  IF p_fuzzy THEN
    RETURN QUERY
    WITH found AS MATERIALIZED (
      SELECT n.* FROM suggest_names n WHERE n.name LIKE p_prefix OR n.name % p_text
    )
    SELECT f.kind, f.dir, f.title, f.total FROM (
      SELECT n.kind, n.dir, n.title, n.total,
             row_number() OVER (PARTITION BY n.kind
               ORDER BY n.name LIKE p_prefix DESC, similarity(n.name, p_text) DESC, n.total DESC,
                        n.name, n.ref_id) AS pos
        FROM found n WHERE n.gender = p_gender AND n.offered
    ) f WHERE f.pos <= p_limit ORDER BY f.kind, f.pos;
  ELSE
    RETURN QUERY
    WITH found AS MATERIALIZED (SELECT n.* FROM suggest_names n WHERE n.name LIKE p_prefix)
    SELECT f.kind, f.dir, f.title, f.total FROM (
      SELECT n.kind, n.dir, n.title, n.total,
             row_number() OVER (PARTITION BY n.kind
               ORDER BY similarity(n.name, p_text) DESC, n.total DESC, n.name, n.ref_id) AS pos
        FROM found n WHERE n.gender = p_gender AND n.offered
    ) f WHERE f.pos <= p_limit ORDER BY f.kind, f.pos;
  END IF;
END $$;
