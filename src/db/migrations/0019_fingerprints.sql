CREATE TABLE "video_fingerprints" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"hashes" "bytea" NOT NULL,
	"keys" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_fingerprints" ADD CONSTRAINT "video_fingerprints_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_fingerprints_keys_idx" ON "video_fingerprints" USING gin ("keys") WITH (fastupdate=false);