CREATE TABLE "message_stats_hourly" (
	"application_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_stats_hourly_application_id_channel_hour_status_pk" PRIMARY KEY("application_id","channel","hour","status")
);
--> statement-breakpoint
CREATE TABLE "status_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"previous_status" text,
	"reason" text,
	"provider_code" text,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_events" ADD COLUMN "provider_code" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "provider_code" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "driver" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "dispatch_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_stats_hourly" ADD CONSTRAINT "message_stats_hourly_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_outbox" ADD CONSTRAINT "status_outbox_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_outbox_app_idx" ON "status_outbox" USING btree ("application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id_idx" ON "messages" USING btree ("driver","provider_message_id");--> statement-breakpoint
CREATE INDEX "messages_undispatched_idx" ON "messages" USING btree ("created_at") WHERE provider_message_id is null and status in ('submitted', 'in_queue');--> statement-breakpoint
INSERT INTO "message_stats_hourly" ("application_id", "channel", "status", "hour", "count")
SELECT "application_id", "channel", "status", date_trunc('hour', "created_at" at time zone 'UTC') at time zone 'UTC', count(*)
FROM "messages" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
UPDATE "messages" SET "driver" = 'sandbox', "provider_message_id" = 'sandbox-' || "id" WHERE "status" NOT IN ('submitted', 'in_queue');
