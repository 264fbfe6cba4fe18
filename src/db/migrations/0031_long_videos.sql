-- Long videos (docs/decisions/0059, "Recent and long videos"): a list filtered to videos over
-- 40 minutes (duration 3, about one in seven) walked its sort's index over every listed video
-- of the section; with the channel or HD filter a deep page read some 70,000 entries. These
-- indexes hold the long videos only; a list's `v.duration > 2400` is their predicate, so the
-- planner picks them without another clause. The longest sort needs none: its own index
-- starts with the long videos.
CREATE INDEX "videos_long_date_idx" ON "videos" USING btree (gender, post_date DESC, id DESC) INCLUDE (duration, is_hd, channel_id, country) WHERE status_id = 1 AND duration > 2400;--> statement-breakpoint
CREATE INDEX "videos_long_views_idx" ON "videos" USING btree (gender, views DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1 AND duration > 2400;--> statement-breakpoint
CREATE INDEX "videos_long_rating_idx" ON "videos" USING btree (gender, rating DESC, likes DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1 AND duration > 2400;--> statement-breakpoint
CREATE INDEX "videos_long_comments_idx" ON "videos" USING btree (gender, comments_count DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1 AND duration > 2400;--> statement-breakpoint
CREATE INDEX "videos_long_favourites_idx" ON "videos" USING btree (gender, favourites_count DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1 AND duration > 2400;
