-- The suggester's most searched keywords (docs/decisions/0059, "Update"): the statement in a
-- PL/pgSQL function, planned once per connection, answering one JSON array instead of up to
-- a thousand rows (each row is a message of its own to parse, which PGlite does in
-- JavaScript). Same statement as discovery.repository.ts ran: the `3 × p_limit` most
-- searched keyword rows with results, summed over the sections.
CREATE OR REPLACE FUNCTION top_keywords_json(p_limit integer)
RETURNS json LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  answer json;
BEGIN
  SELECT coalesce(json_agg(json_build_object('keyword', t.keyword, 'searches', t.searches)
                           ORDER BY t.searches DESC, t.keyword), '[]'::json)
    INTO answer
    FROM (
      SELECT top.keyword, sum(top.searches)::int AS searches FROM (
          SELECT k.keyword, k.searches FROM keywords k WHERE k.results > 0
           ORDER BY k.searches DESC LIMIT p_limit * 3
        ) top GROUP BY top.keyword ORDER BY 2 DESC, top.keyword LIMIT p_limit
    ) t;
  RETURN answer;
END $$;
