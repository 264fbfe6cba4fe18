-- Recent videos (docs/decisions/0059, "Recent videos"): a list filtered to the last day, week
-- or month and sorted by rating, comments, favourites or length walked the sort's index over
-- every listed video of the section, keeping the few recent ones (a deep page of a selective
-- filter read 100,000 entries and more). `recent` marks the videos posted within the last 31
-- days, or later: such lists add `v.recent` and walk these indexes, which hold only them.
-- A trigger sets the mark from post_date on insert and on a post-date change; the nightly
-- maintenance clears it once a video is older (ageRecentVideos, src/db/counters.ts). The mark
-- is never false for a video inside a 30-day window: a late maintenance only leaves the
-- indexes a few entries bigger.
-- Hand-written: the column is filled before its indexes are made (a default of true would
-- write every old row twice), and Drizzle writes neither INCLUDE nor triggers.
ALTER TABLE "videos" ADD COLUMN "recent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "videos" SET "recent" = true WHERE "post_date" >= now() - interval '31 days';--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "recent" SET DEFAULT true;--> statement-breakpoint
CREATE OR REPLACE FUNCTION videos_set_recent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.recent := NEW.post_date >= now() - interval '31 days';
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER videos_set_recent BEFORE INSERT OR UPDATE OF post_date ON videos
  FOR EACH ROW EXECUTE FUNCTION videos_set_recent();--> statement-breakpoint
CREATE INDEX "videos_recent_idx" ON "videos" USING btree ("post_date") WHERE "videos"."recent";--> statement-breakpoint
CREATE INDEX "videos_recent_rating_idx" ON "videos" USING btree (gender, rating DESC, likes DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1 AND recent;--> statement-breakpoint
CREATE INDEX "videos_recent_comments_idx" ON "videos" USING btree (gender, comments_count DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1 AND recent;--> statement-breakpoint
CREATE INDEX "videos_recent_favourites_idx" ON "videos" USING btree (gender, favourites_count DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1 AND recent;--> statement-breakpoint
CREATE INDEX "videos_recent_duration_idx" ON "videos" USING btree (gender, duration DESC, id DESC) INCLUDE (post_date, is_hd, channel_id, country) WHERE status_id = 1 AND recent;
