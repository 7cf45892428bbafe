CREATE TABLE "quota_settings" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"disable" boolean DEFAULT true NOT NULL,
	"email_recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_thresholds" (
	"application_id" uuid NOT NULL,
	"type" text NOT NULL,
	"reminder" boolean DEFAULT false NOT NULL,
	"threshold" bigint DEFAULT 0 NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_thresholds_application_id_type_pk" PRIMARY KEY("application_id","type")
);
--> statement-breakpoint
CREATE TABLE "quota_warnings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"type" text NOT NULL,
	"remaining" bigint NOT NULL,
	"threshold" bigint NOT NULL,
	"recipients" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "quota_settings" ADD CONSTRAINT "quota_settings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_thresholds" ADD CONSTRAINT "quota_thresholds_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_warnings" ADD CONSTRAINT "quota_warnings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quota_warnings_app_idx" ON "quota_warnings" USING btree ("application_id","created_at");