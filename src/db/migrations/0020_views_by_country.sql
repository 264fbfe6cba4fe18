CREATE TABLE "video_views_country_daily" (
	"video_id" integer NOT NULL,
	"day" date NOT NULL,
	"country" char(2) NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_views_country_daily_video_id_day_country_pk" PRIMARY KEY("video_id","day","country")
);
--> statement-breakpoint
ALTER TABLE "view_events" ADD COLUMN "country" char(2);--> statement-breakpoint
ALTER TABLE "video_views_country_daily" ADD CONSTRAINT "video_views_country_daily_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_views_country_daily_day_idx" ON "video_views_country_daily" USING btree ("day","country");--> statement-breakpoint
CREATE INDEX "favourites_video_idx" ON "favourites" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "history_video_idx" ON "history" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "votes_user_idx" ON "votes" USING btree ("user_id") WHERE "votes"."user_id" <> 0;--> statement-breakpoint
CREATE INDEX "watch_later_video_idx" ON "watch_later" USING btree ("video_id");