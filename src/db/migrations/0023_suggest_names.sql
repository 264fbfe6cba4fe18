-- What the search box offers (docs/decisions/0059, "Update"): the names of categories,
-- models, channels and searched keywords in one table with one trigram index, so a
-- suggestion is one lookup in one index and a statement the planner reads at once (four
-- trigram lookups, four CTEs and four rankings took ~4 ms to plan on PGlite). One row per
-- name and section: a category and a channel get a row per section (a category's total is
-- the section's count), a model and a keyword the row of their own section. `offered` is
-- what the search box asks of each: videos in the section (categories, models, channels),
-- results of the last search (keywords). Kept by triggers on the four tables.
CREATE TABLE "suggest_names" (
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"gender" "gender_section" NOT NULL,
	"name" text NOT NULL,
	"dir" text NOT NULL,
	"title" text NOT NULL,
	"total" integer NOT NULL,
	"offered" boolean NOT NULL,
	CONSTRAINT "suggest_names_kind_ref_id_gender_pk" PRIMARY KEY("kind","ref_id","gender")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_suggest_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM suggest_names WHERE kind = 'categories' AND ref_id = OLD.id;
    RETURN NULL;
  END IF;
  INSERT INTO suggest_names (kind, ref_id, gender, name, dir, title, total, offered)
  SELECT 'categories', NEW.id, s.gender, lower(NEW.title), NEW.dir, NEW.title, s.total, s.total > 0
    FROM (VALUES ('str'::gender_section, NEW.videos_str), ('she', NEW.videos_she),
                 ('gay', NEW.videos_gay)) AS s(gender, total)
  ON CONFLICT (kind, ref_id, gender) DO UPDATE
     SET name = EXCLUDED.name, dir = EXCLUDED.dir, title = EXCLUDED.title,
         total = EXCLUDED.total, offered = EXCLUDED.offered;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_suggest_names AFTER INSERT OR DELETE OR UPDATE OF dir, title, videos_str, videos_she, videos_gay ON categories
  FOR EACH ROW EXECUTE FUNCTION categories_suggest_names();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION channels_suggest_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM suggest_names WHERE kind = 'channels' AND ref_id = OLD.id;
    RETURN NULL;
  END IF;
  INSERT INTO suggest_names (kind, ref_id, gender, name, dir, title, total, offered)
  SELECT 'channels', NEW.id, s.gender, lower(NEW.title), NEW.dir, NEW.title, NEW.videos_count,
         NEW.videos_count > 0
    FROM unnest(enum_range(NULL::gender_section)) AS s(gender)
  ON CONFLICT (kind, ref_id, gender) DO UPDATE
     SET name = EXCLUDED.name, dir = EXCLUDED.dir, title = EXCLUDED.title,
         total = EXCLUDED.total, offered = EXCLUDED.offered;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER channels_suggest_names AFTER INSERT OR DELETE OR UPDATE OF dir, title, videos_count ON channels
  FOR EACH ROW EXECUTE FUNCTION channels_suggest_names();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION models_suggest_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM suggest_names WHERE kind = 'models' AND ref_id = OLD.id
       AND (TG_OP = 'DELETE' OR gender <> NEW.gender);
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN NULL; END IF;
  INSERT INTO suggest_names (kind, ref_id, gender, name, dir, title, total, offered)
  VALUES ('models', NEW.id, NEW.gender, lower(NEW.title), NEW.dir, NEW.title, NEW.videos_count,
          NEW.videos_count > 0)
  ON CONFLICT (kind, ref_id, gender) DO UPDATE
     SET name = EXCLUDED.name, dir = EXCLUDED.dir, title = EXCLUDED.title,
         total = EXCLUDED.total, offered = EXCLUDED.offered;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER models_suggest_names AFTER INSERT OR DELETE OR UPDATE OF dir, title, gender, videos_count ON models
  FOR EACH ROW EXECUTE FUNCTION models_suggest_names();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keywords_suggest_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM suggest_names WHERE kind = 'keywords' AND ref_id = OLD.id
       AND (TG_OP = 'DELETE' OR gender <> NEW.gender);
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN NULL; END IF;
  INSERT INTO suggest_names (kind, ref_id, gender, name, dir, title, total, offered)
  VALUES ('keywords', NEW.id, NEW.gender, NEW.keyword, NEW.keyword, NEW.keyword, NEW.searches,
          NEW.results > 0)
  ON CONFLICT (kind, ref_id, gender) DO UPDATE
     SET name = EXCLUDED.name, dir = EXCLUDED.dir, title = EXCLUDED.title,
         total = EXCLUDED.total, offered = EXCLUDED.offered;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER keywords_suggest_names AFTER INSERT OR DELETE OR UPDATE OF keyword, gender, searches, results ON keywords
  FOR EACH ROW EXECUTE FUNCTION keywords_suggest_names();
--> statement-breakpoint
INSERT INTO suggest_names (kind, ref_id, gender, name, dir, title, total, offered)
SELECT 'categories', c.id, s.gender, lower(c.title), c.dir, c.title, s.total, s.total > 0
  FROM categories c,
       LATERAL (VALUES ('str'::gender_section, c.videos_str), ('she', c.videos_she),
                       ('gay', c.videos_gay)) AS s(gender, total)
UNION ALL
SELECT 'channels', ch.id, s.gender, lower(ch.title), ch.dir, ch.title, ch.videos_count, ch.videos_count > 0
  FROM channels ch, unnest(enum_range(NULL::gender_section)) AS s(gender)
UNION ALL
SELECT 'models', id, gender, lower(title), dir, title, videos_count, videos_count > 0 FROM models
UNION ALL
SELECT 'keywords', id, gender, keyword, keyword, keyword, searches, results > 0 FROM keywords;
--> statement-breakpoint
-- Built after the names are in, and written to directly (no pending list): PGlite has no
-- autovacuum to merge a pending list, and every lookup would read it through (14 ms).
-- Count changes do not touch the name, so they update the row in place, not the index.
CREATE INDEX "suggest_names_trgm_idx" ON "suggest_names" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
ANALYZE suggest_names;
