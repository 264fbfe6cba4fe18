-- Category pages in every sort order read their index in order, like the section lists
-- (decision 0008); the covering index of 0003 that other sorts sorted from is replaced.
DROP INDEX IF EXISTS "video_categories_listed_idx";--> statement-breakpoint
CREATE INDEX "video_categories_listed_day_idx" ON "video_categories" USING btree (category_id, gender, views_day DESC, views DESC, video_id DESC) INCLUDE (post_date, duration, is_hd, channel_id) WHERE listed;--> statement-breakpoint
CREATE INDEX "video_categories_listed_month_idx" ON "video_categories" USING btree (category_id, gender, views_month DESC, views DESC, video_id DESC) INCLUDE (post_date, duration, is_hd, channel_id) WHERE listed;--> statement-breakpoint
CREATE INDEX "video_categories_listed_views_idx" ON "video_categories" USING btree (category_id, gender, views DESC, video_id DESC) INCLUDE (post_date, duration, is_hd, channel_id) WHERE listed;--> statement-breakpoint
CREATE INDEX "video_categories_listed_rating_idx" ON "video_categories" USING btree (category_id, gender, rating DESC, likes DESC, video_id DESC) INCLUDE (post_date, duration, is_hd, channel_id) WHERE listed;--> statement-breakpoint
CREATE INDEX "video_categories_listed_comments_idx" ON "video_categories" USING btree (category_id, gender, comments_count DESC, video_id DESC) INCLUDE (post_date, duration, is_hd, channel_id) WHERE listed;--> statement-breakpoint
CREATE INDEX "video_categories_listed_favourites_idx" ON "video_categories" USING btree (category_id, gender, favourites_count DESC, video_id DESC) INCLUDE (post_date, duration, is_hd, channel_id) WHERE listed;--> statement-breakpoint
CREATE INDEX "video_categories_listed_duration_idx" ON "video_categories" USING btree (category_id, gender, duration DESC, video_id DESC) INCLUDE (post_date, duration, is_hd, channel_id) WHERE listed;
