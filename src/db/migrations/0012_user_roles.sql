ALTER TABLE "users" ADD COLUMN "role" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trusted_uploader" boolean DEFAULT false NOT NULL;