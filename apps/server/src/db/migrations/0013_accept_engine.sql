CREATE TABLE "message_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_batches" ADD CONSTRAINT "message_batches_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_batches_idempotency_idx" ON "message_batches" USING btree ("application_id","channel","idempotency_key");--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "send_rate_per_second" integer;
