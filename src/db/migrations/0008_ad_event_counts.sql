CREATE TABLE "ad_event_counts" (
	"day" date NOT NULL,
	"slot" text NOT NULL,
	"ad" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_event_counts_day_slot_ad_pk" PRIMARY KEY("day","slot","ad")
);
