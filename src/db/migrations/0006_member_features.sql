ALTER TABLE "users" ADD COLUMN "google_sub" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "source_sha256" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "exclusive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_sub_idx" ON "users" USING btree ("google_sub") WHERE "users"."google_sub" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "videos_source_sha256_idx" ON "videos" USING btree ("source_sha256") WHERE "videos"."source_sha256" IS NOT NULL AND "videos"."status_id" <> 5;