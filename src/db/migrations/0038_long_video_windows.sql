-- Long videos in the most-popular windows (docs/decisions/0059, "long videos by window"):
-- migration 0031 gave each sort an index of the long videos but most-popular by day, week or
-- month, whose order is the window's views. A long channel or HD list of a week walked
-- videos_listed_week_idx over every listed video of the section for the 9 % that match: page
-- 100 read 68,000 entries (12.9 ms on PostgreSQL at a million). As in 0031, the list's own
-- `v.duration > 2400` is these indexes' predicate.
CREATE INDEX "videos_long_views_day_idx" ON "videos" USING btree (gender, views_day DESC, views DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1 AND duration > 2400;--> statement-breakpoint
CREATE INDEX "videos_long_week_idx" ON "videos" USING btree (gender, views_week DESC, views DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1 AND duration > 2400;--> statement-breakpoint
CREATE INDEX "videos_long_month_idx" ON "videos" USING btree (gender, views_month DESC, views DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1 AND duration > 2400;
