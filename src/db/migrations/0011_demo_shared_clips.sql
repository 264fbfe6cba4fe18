-- The demo's shared clips and the videos that play them (docs/decisions/0033): partial
-- indexes, so finding them reads a few rows, not the catalogue.
CREATE INDEX "videos_shared_clip_idx" ON "videos" USING btree ("id") WHERE "videos"."media" ? 'pool';--> statement-breakpoint
CREATE INDEX "videos_shared_from_idx" ON "videos" USING btree (("media"->>'sharedFrom')) WHERE "videos"."media" ? 'sharedFrom';
