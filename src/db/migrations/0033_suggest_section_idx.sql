-- Suggestions by section (docs/decisions/0059, "Suggestions by section"): the trigram index
-- of the names held every section's names, so a similar-spelling lookup of a few letters
-- rechecked some 4,000 names of all sections to keep the 200 of one. The section is now a
-- key of the index (btree_gin) and the index holds offered names only: about a third as
-- many rechecks. suggest() asks the index for its section.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "suggest_names_trgm_idx";--> statement-breakpoint
CREATE INDEX "suggest_names_section_trgm_idx" ON "suggest_names" USING gin ("gender","name" gin_trgm_ops) WITH (fastupdate=false) WHERE "suggest_names"."offered";--> statement-breakpoint
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
  IF p_fuzzy THEN
    RETURN QUERY
    WITH found AS MATERIALIZED (
      SELECT n.* FROM suggest_names n
       WHERE n.gender = p_gender AND n.offered AND (n.name LIKE p_prefix OR n.name % p_text)
    )
    SELECT f.kind, f.dir, f.title, f.total FROM (
      SELECT n.kind, n.dir, n.title, n.total,
             row_number() OVER (PARTITION BY n.kind
               ORDER BY n.name LIKE p_prefix DESC, similarity(n.name, p_text) DESC, n.total DESC,
                        n.name, n.ref_id) AS pos
        FROM found n
    ) f WHERE f.pos <= p_limit ORDER BY f.kind, f.pos;
  ELSE
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
  END IF;
END $$;
