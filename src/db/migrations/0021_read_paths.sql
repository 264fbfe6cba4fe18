-- Read paths of issue 18 (docs/decisions/0059). Hand-written: Drizzle cannot express INCLUDE
-- columns. Every index here is partial on what the call lists, so it holds only what it serves.
--
-- Search served from its own index: listed videos in the popularity order of a search that
-- matches too many videos to rank, carrying the search document and the search filters, so
-- a page is picked from the index alone (index-only scan, `@@` checked on the index tuple)
-- instead of fetching a wide video row per candidate. A document is a few hundred bytes
-- (title 100, description 500 characters, at most a few models, categories and tags).
CREATE INDEX "videos_search_popular_idx" ON "videos" USING btree (gender, views_week DESC, views DESC, id DESC) INCLUDE (post_date, duration, is_hd, channel_id, search_vector) WHERE status_id = 1;--> statement-breakpoint
-- A channel's listed videos with every sort key and list filter: a channel page reads its
-- few thousand entries and sorts them, whatever the sort, instead of walking a sort index
-- of the whole section for the channel's share of it.
CREATE INDEX "videos_channel_listed_idx" ON "videos" USING btree (channel_id, gender) INCLUDE (id, post_date, views, views_day, views_week, views_month, rating, likes, comments_count, favourites_count, duration, is_hd, country) WHERE status_id = 1 AND channel_id IS NOT NULL;--> statement-breakpoint
-- Listed videos by id, with what thumbs and related videos read of them: the strips' and
-- indexes' thumbs (the categories page alone asks for ~1,900) and the few hundred candidates
-- of a video's related list are read from the index, not from as many wide rows.
CREATE INDEX "videos_listed_id_idx" ON "videos" USING btree (id) INCLUDE (dir, title, media_version, gender, post_date, is_private, is_hd, channel_id, views_week) WHERE status_id = 1;--> statement-breakpoint
-- The member list (active members only), one index per sort, carrying the list filters, so
-- a filtered page is read from the index alone; the country and gender/age filters get
-- indexes of their own, which also count their matches without reading the table.
CREATE INDEX "users_listed_recent_idx" ON "users" USING btree (created_at DESC, id DESC) INCLUDE (country, gender, relationship, orientation, avatar_version, birth_date) WHERE status = 1;--> statement-breakpoint
CREATE INDEX "users_listed_videos_idx" ON "users" USING btree (videos_count DESC, id DESC) INCLUDE (country, gender, relationship, orientation, avatar_version, birth_date) WHERE status = 1;--> statement-breakpoint
CREATE INDEX "users_listed_popular_idx" ON "users" USING btree (subscribers_count DESC, id DESC) INCLUDE (country, gender, relationship, orientation, avatar_version, birth_date) WHERE status = 1;--> statement-breakpoint
CREATE INDEX "users_listed_login_idx" ON "users" USING btree (last_login_at DESC NULLS LAST, id DESC) INCLUDE (country, gender, relationship, orientation, avatar_version, birth_date) WHERE status = 1;--> statement-breakpoint
CREATE INDEX "users_listed_name_idx" ON "users" USING btree (lower(username), id) INCLUDE (country, gender, relationship, orientation, avatar_version, birth_date) WHERE status = 1;--> statement-breakpoint
CREATE INDEX "users_listed_country_idx" ON "users" USING btree (country, created_at DESC, id DESC) INCLUDE (videos_count, subscribers_count, gender, relationship, orientation, avatar_version, birth_date) WHERE status = 1;--> statement-breakpoint
CREATE INDEX "users_listed_gender_birth_idx" ON "users" USING btree (gender, birth_date) INCLUDE (id, created_at, videos_count, subscribers_count, country, relationship, orientation, avatar_version) WHERE status = 1;--> statement-breakpoint
-- Keyword rankings (the home page's tags, the suggester's top list), read in order.
CREATE INDEX "keywords_ranked_idx" ON "keywords" USING btree (gender, searches DESC, keyword) WHERE results > 0;--> statement-breakpoint
CREATE INDEX "keywords_ranked_all_idx" ON "keywords" USING btree (searches DESC) INCLUDE (keyword) WHERE results > 0;
