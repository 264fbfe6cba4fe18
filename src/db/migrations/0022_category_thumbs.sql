-- Read paths of issue 18, continued (docs/decisions/0059, "Update"): the categories page.
--
-- The categories page's thumbs kept beside the top ids: `top_thumbs` holds, per section,
-- the id, dir, title and media version of each top video that is active, in the order of
-- `top_video_ids`, so the page needs no lookup of ~1,900 videos. A trigger on categories
-- fills it whenever the top ids are written (the nightly refresh, the loaders); a trigger on
-- videos rewrites it for the categories showing a video whose title, dir, media version or
-- status changed, or that was deleted. It is what the thumbs lookup answered: the top ids'
-- active videos, in order.
ALTER TABLE "categories" ADD COLUMN "top_thumbs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION category_top_thumbs(top jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_object_agg(e.key, coalesce((
           SELECT jsonb_agg(jsonb_build_object('id', v.id, 'dir', v.dir, 'title', v.title,
                                               'media_version', v.media_version) ORDER BY t.ord)
             FROM jsonb_array_elements_text(e.value) WITH ORDINALITY AS t(id, ord)
             JOIN videos v ON v.id = t.id::int AND v.status_id = 1
         ), '[]'::jsonb)), '{}'::jsonb)
    FROM jsonb_each(top) e
   WHERE jsonb_typeof(e.value) = 'array'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_fill_thumbs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.top_thumbs := category_top_thumbs(NEW.top_video_ids);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_fill_thumbs BEFORE INSERT OR UPDATE OF top_video_ids ON categories
  FOR EACH ROW EXECUTE FUNCTION categories_fill_thumbs();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION videos_refresh_category_thumbs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
  -- Rewriting the top ids (unchanged) has categories_fill_thumbs read the thumbs again.
  UPDATE categories c SET top_video_ids = c.top_video_ids
   WHERE jsonb_path_exists(c.top_video_ids, '$.*[*] ? (@ == $id)', jsonb_build_object('id', changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_refresh_category_thumbs AFTER UPDATE OF title, dir, media_version, status_id ON videos
  FOR EACH ROW
  WHEN ((OLD.title, OLD.dir, OLD.media_version, OLD.status_id)
        IS DISTINCT FROM (NEW.title, NEW.dir, NEW.media_version, NEW.status_id))
  EXECUTE FUNCTION videos_refresh_category_thumbs();
--> statement-breakpoint
CREATE TRIGGER videos_deleted_category_thumbs AFTER DELETE ON videos
  FOR EACH ROW EXECUTE FUNCTION videos_refresh_category_thumbs();
--> statement-breakpoint
UPDATE categories SET top_video_ids = top_video_ids;
