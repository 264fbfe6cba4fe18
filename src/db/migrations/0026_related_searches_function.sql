-- Searches related to a search (docs/decisions/0059, "Update"): the statement in a PL/pgSQL
-- function, planned once per connection and kept (generic: the trigram index serves any
-- text). Planned afresh, the trigram operators' estimates took several ms on PGlite. Same
-- statement as discovery.repository.ts ran: keywords of the section with results that
-- resemble or contain the search, closest first.
CREATE OR REPLACE FUNCTION related_searches(p_query text, p_gender gender_section, p_containing text, p_limit integer)
RETURNS SETOF text LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  SELECT k.keyword FROM keywords k
   WHERE k.gender = p_gender AND k.results > 0 AND k.keyword <> p_query
     AND (k.keyword % p_query OR k.keyword LIKE p_containing)
   ORDER BY similarity(k.keyword, p_query) DESC, k.searches DESC LIMIT p_limit;
END $$;
