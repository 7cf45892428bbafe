CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"created_by" uuid,
	"title" text NOT NULL,
	"channel" text NOT NULL,
	"statuses" jsonb NOT NULL,
	"search" text,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"range_from" timestamp with time zone NOT NULL,
	"range_to" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'in-queue' NOT NULL,
	"reason" text,
	"total_rows" integer,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"file_key" text,
	"file_bytes" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_org_created_idx" ON "reports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_running_idx" ON "reports" USING btree ("heartbeat_at") WHERE status in ('in-queue', 'processing');