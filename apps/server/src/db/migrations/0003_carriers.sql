CREATE TABLE "dispatch_pacing" (
	"key" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_segments" (
	"driver" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"message_id" uuid NOT NULL,
	"segment" integer NOT NULL,
	"status" text,
	"reason" text,
	"provider_code" text,
	CONSTRAINT "message_segments_driver_provider_message_id_pk" PRIMARY KEY("driver","provider_message_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_account_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"waba_id" text NOT NULL,
	"field" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"wamid" text NOT NULL,
	"sender" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_senders" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"waba_id" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"display_name" text NOT NULL,
	"messages_per_second" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_service_windows" (
	"application_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "whatsapp_service_windows_application_id_recipient_pk" PRIMARY KEY("application_id","recipient")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "conversation_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "conversation_category" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "conversation_initiator" text;--> statement-breakpoint
ALTER TABLE "message_segments" ADD CONSTRAINT "message_segments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD CONSTRAINT "whatsapp_inbound_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD CONSTRAINT "whatsapp_inbound_messages_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_senders" ADD CONSTRAINT "whatsapp_senders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_senders" ADD CONSTRAINT "whatsapp_senders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_service_windows" ADD CONSTRAINT "whatsapp_service_windows_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_segments_message_idx" ON "message_segments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_account_updates_waba_idx" ON "whatsapp_account_updates" USING btree ("waba_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_inbound_wamid_idx" ON "whatsapp_inbound_messages" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_app_idx" ON "whatsapp_inbound_messages" USING btree ("application_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_senders_phone_number_idx" ON "whatsapp_senders" USING btree ("phone_number_id");--> statement-breakpoint
CREATE INDEX "whatsapp_senders_waba_idx" ON "whatsapp_senders" USING btree ("waba_id");