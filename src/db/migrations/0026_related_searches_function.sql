-- Searches related to a search (docs/decisions/0059, "Update"): the statement in a PL/pgSQL
-- function, planned once per connection and kept (generic: the trigram index serves any
-- text). Planned afresh, the trigram operators' estimates took several ms on PGlite. Same
-- statement as discovery.repository.ts ran: keywords of the section with results that
-- resemble or contain the search, closest first.
CREATE OR REPLACE FUNCTION related_searches(p_query text, p_gender gender_section, p_containing text, p_limit integer)
RETURNS SETOF text LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
-- The matches come from the trigram index alone (MATERIALIZED, and no table scan): offered
-- the section and results filters, the planner would rather walk keywords_ranked_idx, or
-- the table, and test every keyword of the section.
SET enable_seqscan = off
AS $$
BEGIN
  RETURN QUERY
  WITH found AS MATERIALIZED (
    SELECT k.keyword, k.gender, k.results, k.searches FROM keywords k
     WHERE k.keyword % p_query OR k.keyword LIKE p_containing
  )
  SELECT f.keyword FROM found f
   WHERE f.gender = p_gender AND f.results > 0 AND f.keyword <> p_query
   ORDER BY similarity(f.keyword, p_query) DESC, f.searches DESC LIMIT p_limit;
END $$;
