CREATE TABLE "conversation_stats_hourly" (
	"application_id" uuid NOT NULL,
	"category" text NOT NULL,
	"initiator" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_stats_hourly_application_id_hour_category_initiator_pk" PRIMARY KEY("application_id","hour","category","initiator")
);
--> statement-breakpoint
ALTER TABLE "conversation_stats_hourly" ADD CONSTRAINT "conversation_stats_hourly_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill from the conversations already recorded on messages (an unknown initiator is the
-- category's: service = user, else business).
INSERT INTO "conversation_stats_hourly" ("application_id", "category", "initiator", "hour", "count")
SELECT "application_id", "conversation_category",
	coalesce("conversation_initiator", CASE WHEN "conversation_category" = 'service' THEN 'user' ELSE 'business' END),
	to_timestamp(floor(extract(epoch FROM "created_at") / 3600) * 3600),
	count(*)
FROM "messages"
WHERE "conversation_category" IS NOT NULL
GROUP BY 1, 2, 3, 4;
