-- The models list (docs/decisions/0059, "Update"): every read of models by popularity, size
-- or title (the list, the strips) asks for models with videos. These indexes hold only those,
-- so a page, however deep, is read from the index alone: the sorts carry the list's filters
-- (INCLUDE), and a first letter has its own index (it was a scan of the whole table).
-- Hand-written: Drizzle writes neither INCLUDE nor an expression beside plain columns.
DROP INDEX IF EXISTS "models_gender_videos_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "models_gender_views_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "models_gender_title_idx";--> statement-breakpoint
CREATE INDEX "models_listed_videos_idx" ON "models" USING btree ("gender", "videos_count" DESC NULLS LAST, "id") INCLUDE ("race", "age_group", "country", "tits_size", "hair_color", "height", "weight", "tattoo", "piercing") WHERE "videos_count" > 0;--> statement-breakpoint
CREATE INDEX "models_listed_views_idx" ON "models" USING btree ("gender", "views_count" DESC NULLS LAST, "id") INCLUDE ("race", "age_group", "country", "tits_size", "hair_color", "height", "weight", "tattoo", "piercing") WHERE "videos_count" > 0;--> statement-breakpoint
CREATE INDEX "models_listed_title_idx" ON "models" USING btree ("gender", "title", "id") INCLUDE ("race", "age_group", "country", "tits_size", "hair_color", "height", "weight", "tattoo", "piercing") WHERE "videos_count" > 0;--> statement-breakpoint
CREATE INDEX "models_listed_letter_idx" ON "models" USING btree ("gender", lower(left("title", 1)), "title", "id") WHERE "videos_count" > 0;
