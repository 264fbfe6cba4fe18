DROP INDEX "videos_listed_date_idx";--> statement-breakpoint
DROP INDEX "videos_listed_channel_date_idx";--> statement-breakpoint
DROP INDEX "videos_listed_views_idx";--> statement-breakpoint
DROP INDEX "videos_listed_views_day_idx";--> statement-breakpoint
DROP INDEX "videos_listed_rating_idx";--> statement-breakpoint
DROP INDEX "videos_listed_comments_idx";--> statement-breakpoint
DROP INDEX "videos_listed_favourites_idx";--> statement-breakpoint
DROP INDEX "videos_listed_duration_idx";--> statement-breakpoint
DROP INDEX "videos_listed_week_idx";--> statement-breakpoint
DROP INDEX "videos_listed_month_idx";--> statement-breakpoint
DROP INDEX "videos_listed_country_idx";--> statement-breakpoint
-- Listing indexes: one per sort, partial on listed videos, covering the list filters (post
-- date, duration, HD, channel, country) so a filtered page is read from the index alone.
CREATE INDEX "videos_listed_date_idx" ON "videos" USING btree (gender, post_date DESC, id DESC) INCLUDE (duration, is_hd, channel_id, country) WHERE status_id = 1;--> statement-breakpoint
CREATE INDEX "videos_listed_views_idx" ON "videos" USING btree (gender, views DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1;--> statement-breakpoint
CREATE INDEX "videos_listed_views_day_idx" ON "videos" USING btree (gender, views_day DESC, views DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1;--> statement-breakpoint
CREATE INDEX "videos_listed_week_idx" ON "videos" USING btree (gender, views_week DESC, views DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1;--> statement-breakpoint
CREATE INDEX "videos_listed_month_idx" ON "videos" USING btree (gender, views_month DESC, views DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1;--> statement-breakpoint
CREATE INDEX "videos_listed_rating_idx" ON "videos" USING btree (gender, rating DESC, likes DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1;--> statement-breakpoint
CREATE INDEX "videos_listed_comments_idx" ON "videos" USING btree (gender, comments_count DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1;--> statement-breakpoint
CREATE INDEX "videos_listed_favourites_idx" ON "videos" USING btree (gender, favourites_count DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, country) WHERE status_id = 1;--> statement-breakpoint
CREATE INDEX "videos_listed_duration_idx" ON "videos" USING btree (gender, duration DESC, id DESC) INCLUDE (post_date, is_hd, channel_id, country) WHERE status_id = 1;--> statement-breakpoint
CREATE INDEX "videos_listed_country_idx" ON "videos" USING btree (country, gender, views_week DESC, views DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id) WHERE status_id = 1;
