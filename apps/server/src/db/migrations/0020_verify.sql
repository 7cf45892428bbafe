-- Issue 27 (ARCHITECTURE.md §6.4): Verify, one-time codes as a service. A verification holds only
-- the HMAC-SHA256 of its current code (keyed from SESSION_SECRET, over id + code), never the code;
-- its sends are the messages that carried a code ({channel, message_id, at}, oldest first).
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id"),
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE cascade,
	"recipient" text NOT NULL,
	"country" text,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"code_hmac" text NOT NULL,
	"code_length" integer NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"template" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"send_count" integer DEFAULT 0 NOT NULL,
	"sends" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_send_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "verifications_status_check" CHECK ("status" IN ('pending', 'approved', 'expired', 'failed', 'canceled')),
	CONSTRAINT "verifications_channel_check" CHECK ("channel" IN ('sms', 'whatsapp', 'call', 'email'))
);--> statement-breakpoint
-- The fraud guard counts an application's verifications of the last minute and a recipient's of the last hour.
CREATE INDEX "verifications_app_created_idx" ON "verifications" ("application_id", "created_at");--> statement-breakpoint
CREATE INDEX "verifications_app_recipient_idx" ON "verifications" ("application_id", "recipient", "created_at");--> statement-breakpoint
CREATE INDEX "verifications_org_idx" ON "verifications" ("organization_id");--> statement-breakpoint
-- The sweep that expires pending verifications (and raises their event) reads only pending ones.
CREATE INDEX "verifications_pending_expiry_idx" ON "verifications" ("expires_at") WHERE "status" = 'pending';--> statement-breakpoint
-- The countries an application serves (ISO 3166-1 alpha-2; null = any) and its Verify limit per
-- minute (null = 60), both set by the operator.
ALTER TABLE "applications" ADD COLUMN "verify_allowed_countries" text[];--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "verify_per_minute" integer;
