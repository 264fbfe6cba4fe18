-- Answers read whole, kept by version (docs/decisions/0064): the categories page is every
-- category of a section with its count and top thumbs (~1,900 rows, 424 KB of JSON at a
-- million videos), read and serialised afresh on each uncached call. A process now keeps the
-- answer it built with the version it read before building, and reuses it while the version
-- has not moved. A statement-level trigger on categories raises the version in the writing
-- transaction, so a reader sees the new version exactly when it can see the new rows.
CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "data_versions" (name, version) VALUES ('categories', 1);
--> statement-breakpoint
-- Only a statement that wrote rows raises it: the thumbs trigger of migration 0022 runs an
-- UPDATE of categories for every change of a video's title or status, most of them matching
-- no category, and those must not make every process build the page again (nor queue behind
-- the version row's lock).
CREATE OR REPLACE FUNCTION data_versions_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    -- Only the other triggers name a transition table.
    IF NOT EXISTS (SELECT FROM written) THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE data_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_version_insert AFTER INSERT ON categories
  REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise('categories');
--> statement-breakpoint
CREATE TRIGGER categories_version_update AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise('categories');
--> statement-breakpoint
CREATE TRIGGER categories_version_delete AFTER DELETE ON categories
  REFERENCING OLD TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise('categories');
--> statement-breakpoint
CREATE TRIGGER categories_version_truncate AFTER TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise('categories');
