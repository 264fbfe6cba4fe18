ALTER TABLE "video_categories" ADD COLUMN "gender" "gender_section";--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "post_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "views_day" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "views_week" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "views_month" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "rating" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "likes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "favourites_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "duration" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "is_hd" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "channel_id" integer;--> statement-breakpoint
-- The listing columns of a video, copied onto each of its category links.
CREATE OR REPLACE FUNCTION video_categories_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT v.gender, v.status_id = 1, v.post_date, v.views, v.views_day, v.views_week, v.views_month,
         v.rating, v.likes, v.comments_count, v.favourites_count, v.duration, v.is_hd, v.channel_id
    INTO NEW.gender, NEW.listed, NEW.post_date, NEW.views, NEW.views_day, NEW.views_week,
         NEW.views_month, NEW.rating, NEW.likes, NEW.comments_count, NEW.favourites_count,
         NEW.duration, NEW.is_hd, NEW.channel_id
    FROM videos v WHERE v.id = NEW.video_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER video_categories_fill BEFORE INSERT ON video_categories
  FOR EACH ROW EXECUTE FUNCTION video_categories_fill();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION videos_sync_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE video_categories SET
    gender = NEW.gender, listed = NEW.status_id = 1, post_date = NEW.post_date, views = NEW.views,
    views_day = NEW.views_day, views_week = NEW.views_week, views_month = NEW.views_month,
    rating = NEW.rating, likes = NEW.likes, comments_count = NEW.comments_count,
    favourites_count = NEW.favourites_count, duration = NEW.duration, is_hd = NEW.is_hd,
    channel_id = NEW.channel_id
  WHERE video_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_sync_categories AFTER UPDATE ON videos
  FOR EACH ROW
  WHEN (
    (OLD.gender, OLD.status_id, OLD.post_date, OLD.views, OLD.views_day, OLD.views_week,
     OLD.views_month, OLD.rating, OLD.likes, OLD.comments_count, OLD.favourites_count,
     OLD.duration, OLD.is_hd, OLD.channel_id)
    IS DISTINCT FROM
    (NEW.gender, NEW.status_id, NEW.post_date, NEW.views, NEW.views_day, NEW.views_week,
     NEW.views_month, NEW.rating, NEW.likes, NEW.comments_count, NEW.favourites_count,
     NEW.duration, NEW.is_hd, NEW.channel_id)
  )
  EXECUTE FUNCTION videos_sync_categories();
--> statement-breakpoint
UPDATE video_categories vc SET
  gender = v.gender, listed = v.status_id = 1, post_date = v.post_date, views = v.views,
  views_day = v.views_day, views_week = v.views_week, views_month = v.views_month,
  rating = v.rating, likes = v.likes, comments_count = v.comments_count,
  favourites_count = v.favourites_count, duration = v.duration, is_hd = v.is_hd,
  channel_id = v.channel_id
FROM videos v WHERE v.id = vc.video_id;
--> statement-breakpoint
-- Category pages: newest and most popular (week) read in order; every other sort reads the
-- category's rows from the covering index and sorts them (a category is a few % of a
-- section).
CREATE INDEX "video_categories_listed_date_idx" ON "video_categories" USING btree (category_id, gender, post_date DESC, video_id DESC) INCLUDE (duration, is_hd, channel_id) WHERE listed;
--> statement-breakpoint
CREATE INDEX "video_categories_listed_week_idx" ON "video_categories" USING btree (category_id, gender, views_week DESC, views DESC, video_id DESC) INCLUDE (post_date, duration, is_hd, channel_id) WHERE listed;
--> statement-breakpoint
CREATE INDEX "video_categories_listed_idx" ON "video_categories" USING btree (category_id, gender) INCLUDE (post_date, views, views_day, views_month, rating, likes, comments_count, favourites_count, duration, is_hd, channel_id) WHERE listed;
