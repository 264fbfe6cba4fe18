-- Several categories (docs/decisions/0059, "Several categories"): a list of the videos in
-- every one of two or three categories walked the smallest category's link rows and checked
-- the others per video, or joined whole categories (two popular ones: 23,000 and 29,000 rows
-- for a few hundred common videos). Each video's categories are kept here as one sorted
-- array; the GIN index intersects the categories' posting lists. Statement triggers on
-- video_categories keep the rows (inserts and deletes: nothing updates a link's ids); a
-- video without categories has no row.
CREATE TABLE "video_category_sets" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"category_ids" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_category_sets" ADD CONSTRAINT "video_category_sets_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "video_category_sets" (video_id, category_ids)
  SELECT video_id, array_agg(category_id ORDER BY category_id) FROM video_categories GROUP BY video_id;--> statement-breakpoint
CREATE INDEX "video_category_sets_idx" ON "video_category_sets" USING gin ("category_ids");--> statement-breakpoint
CREATE OR REPLACE FUNCTION video_category_sets_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The videos whose links changed, as they are now; a deleted video (a cascade) is gone.
  WITH touched AS (SELECT DISTINCT video_id FROM changed),
  sets AS (
    SELECT t.video_id,
           array_agg(vc.category_id ORDER BY vc.category_id)
             FILTER (WHERE vc.category_id IS NOT NULL) AS category_ids
      FROM touched t JOIN videos v ON v.id = t.video_id
      LEFT JOIN video_categories vc ON vc.video_id = t.video_id
     GROUP BY t.video_id
  ),
  emptied AS (
    DELETE FROM video_category_sets s USING sets
     WHERE s.video_id = sets.video_id AND sets.category_ids IS NULL
  )
  INSERT INTO video_category_sets (video_id, category_ids)
  SELECT video_id, category_ids FROM sets WHERE category_ids IS NOT NULL
  ON CONFLICT (video_id) DO UPDATE SET category_ids = EXCLUDED.category_ids;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER video_category_sets_insert AFTER INSERT ON video_categories
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION video_category_sets_sync();--> statement-breakpoint
CREATE TRIGGER video_category_sets_delete AFTER DELETE ON video_categories
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION video_category_sets_sync();
