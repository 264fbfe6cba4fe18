-- The suggester's keywords (docs/decisions/0059, "The suggester's keywords"): the most
-- searched keywords over all sections summed each keyword's rows at every call (the top
-- 3,000 rows read, grouped and sorted for 1,000 answers; the rows a search updates had to be
-- read from the table). keyword_totals keeps the sums, one row per keyword, in the order the
-- call reads them; a trigger on keywords recomputes a keyword's row from its section rows.
CREATE TABLE "keyword_totals" (
	"keyword" text PRIMARY KEY NOT NULL,
	"searches" integer NOT NULL,
	"offered" boolean NOT NULL
);
--> statement-breakpoint
INSERT INTO "keyword_totals" (keyword, searches, offered)
  SELECT keyword, coalesce(sum(searches) FILTER (WHERE results > 0), 0), bool_or(results > 0)
    FROM keywords GROUP BY keyword;--> statement-breakpoint
CREATE INDEX "keyword_totals_ranked_idx" ON "keyword_totals" USING btree ("searches" DESC NULLS LAST,"keyword") WHERE "keyword_totals"."offered";--> statement-breakpoint
DROP INDEX IF EXISTS "keywords_ranked_all_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyword_totals_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text;
BEGIN
  FOREACH k IN ARRAY (CASE TG_OP
      WHEN 'INSERT' THEN ARRAY[NEW.keyword]
      WHEN 'DELETE' THEN ARRAY[OLD.keyword]
      ELSE ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[OLD.keyword, NEW.keyword]) AS x) END)
  LOOP
    IF EXISTS (SELECT 1 FROM keywords WHERE keyword = k) THEN
      INSERT INTO keyword_totals (keyword, searches, offered)
      SELECT k, coalesce(sum(searches) FILTER (WHERE results > 0), 0), bool_or(results > 0)
        FROM keywords WHERE keyword = k
      ON CONFLICT (keyword) DO UPDATE
         SET searches = EXCLUDED.searches, offered = EXCLUDED.offered;
    ELSE
      DELETE FROM keyword_totals WHERE keyword = k;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER keyword_totals_sync AFTER INSERT OR DELETE OR UPDATE OF keyword, searches, results ON keywords
  FOR EACH ROW EXECUTE FUNCTION keyword_totals_sync();
