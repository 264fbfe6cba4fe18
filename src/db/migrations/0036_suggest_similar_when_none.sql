-- Similar spellings only when nothing starts like the text (docs/decisions/0065). The search
-- box offered, for every text of 4 characters or more, the names starting like it and the
-- names spelt alike; finding the alike ones rechecked 1,000-1,400 trigram candidates for a
-- common 4-6 letter text ("night", "holi"), most of them names that share a word's first two
-- letters and nothing else, which is what made the suggester miss its 3 ms. Names starting
-- like the text are offered as before; similar spellings are looked for when no name of any
-- kind does (the text is likely misspelt: "beahc"), as a search engine's "did you mean".
CREATE OR REPLACE FUNCTION suggest(p_text text, p_prefix text, p_gender gender_section, p_limit integer, p_fuzzy boolean)
RETURNS TABLE (kind text, dir text, title text, total integer)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
-- The names are looked for through their trigram index alone (MATERIALIZED, no table
-- scan): a kept plan knows nothing of the text. The section and `offered` are keys and the
-- predicate of that index, so it reads the offered names of one section only.
SET enable_seqscan = off
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH found AS MATERIALIZED (
    SELECT n.* FROM suggest_names n
     WHERE n.gender = p_gender AND n.offered AND n.name LIKE p_prefix
  )
  SELECT f.kind, f.dir, f.title, f.total FROM (
    SELECT n.kind, n.dir, n.title, n.total,
           row_number() OVER (PARTITION BY n.kind
             ORDER BY similarity(n.name, p_text) DESC, n.total DESC, n.name, n.ref_id) AS pos
      FROM found n
  ) f WHERE f.pos <= p_limit ORDER BY f.kind, f.pos;
  IF FOUND OR NOT p_fuzzy THEN
    RETURN;
  END IF;
  RETURN QUERY
  WITH found AS MATERIALIZED (
    SELECT n.* FROM suggest_names n
     WHERE n.gender = p_gender AND n.offered AND n.name % p_text
  )
  SELECT f.kind, f.dir, f.title, f.total FROM (
    SELECT n.kind, n.dir, n.title, n.total,
           row_number() OVER (PARTITION BY n.kind
             ORDER BY similarity(n.name, p_text) DESC, n.total DESC, n.name, n.ref_id) AS pos
      FROM found n
  ) f WHERE f.pos <= p_limit ORDER BY f.kind, f.pos;
END $$;
