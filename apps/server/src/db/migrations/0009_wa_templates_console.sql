DROP INDEX "wa_templates_org_name_lang_idx";--> statement-breakpoint
DROP INDEX "wa_templates_org_idx";--> statement-breakpoint
ALTER TABLE "wa_templates" ALTER COLUMN "status" SET DEFAULT 'DRAFT';--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "parameter_format" text;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "message_send_ttl_seconds" integer;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "template_code" text DEFAULT ('TPL-' || upper(substr(md5(random()::text || clock_timestamp()::text), 1, 8))) NOT NULL;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "meta_template_id" text;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "recommendation" text;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "quality" text;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- Data migration (issue 13): a template now belongs to an application. Existing templates go to
-- their organization's first application (a live one first, then the oldest); templates of an
-- organization without any application cannot be kept. (Existing rows got their template code
-- from the column's default, evaluated per row.)
UPDATE "wa_templates" t SET "application_id" = (
  SELECT a."id" FROM "applications" a
  WHERE a."organization_id" = t."organization_id"
  ORDER BY (a."deleted_at" IS NOT NULL), a."created_at", a."id"
  LIMIT 1
);--> statement-breakpoint
DELETE FROM "wa_templates" WHERE "application_id" IS NULL;--> statement-breakpoint
ALTER TABLE "wa_templates" ALTER COLUMN "application_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD CONSTRAINT "wa_templates_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD CONSTRAINT "wa_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wa_templates_app_name_lang_idx" ON "wa_templates" USING btree ("application_id","name","language") WHERE "wa_templates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "wa_templates_code_idx" ON "wa_templates" USING btree ("template_code");--> statement-breakpoint
CREATE INDEX "wa_templates_org_created_idx" ON "wa_templates" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "wa_templates_meta_id_idx" ON "wa_templates" USING btree ("meta_template_id");