-- Issue 25 item 4 ("Citus-ready"): every tenant table carries organization_id, the key the schema
-- distributes by (ARCHITECTURE.md §9). The tables below had only application_id: each gets the
-- column, filled from its application, then NOT NULL and the foreign key to organizations. Primary
-- keys and indexes stay as they are. The message tables follow in 0018; the tables that stay
-- without the column, and why, are GLOBAL_TABLES in apps/server/test/tenant-schema.test.ts.
ALTER TABLE "application_channels" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "application_channels" SET "organization_id" = a."organization_id" FROM "applications" a WHERE a."id" = "application_channels"."application_id";--> statement-breakpoint
ALTER TABLE "application_channels" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "application_channels" ADD CONSTRAINT "application_channels_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "quotas" SET "organization_id" = a."organization_id" FROM "applications" a WHERE a."id" = "quotas"."application_id";--> statement-breakpoint
ALTER TABLE "quotas" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quotas" ADD CONSTRAINT "quotas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_ledger" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "quota_ledger" SET "organization_id" = a."organization_id" FROM "applications" a WHERE a."id" = "quota_ledger"."application_id";--> statement-breakpoint
ALTER TABLE "quota_ledger" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quota_ledger" ADD CONSTRAINT "quota_ledger_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_settings" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "quota_settings" SET "organization_id" = a."organization_id" FROM "applications" a WHERE a."id" = "quota_settings"."application_id";--> statement-breakpoint
ALTER TABLE "quota_settings" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quota_settings" ADD CONSTRAINT "quota_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_thresholds" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "quota_thresholds" SET "organization_id" = a."organization_id" FROM "applications" a WHERE a."id" = "quota_thresholds"."application_id";--> statement-breakpoint
ALTER TABLE "quota_thresholds" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quota_thresholds" ADD CONSTRAINT "quota_thresholds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_warnings" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "quota_warnings" SET "organization_id" = a."organization_id" FROM "applications" a WHERE a."id" = "quota_warnings"."application_id";--> statement-breakpoint
ALTER TABLE "quota_warnings" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quota_warnings" ADD CONSTRAINT "quota_warnings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_service_windows" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "whatsapp_service_windows" SET "organization_id" = a."organization_id" FROM "applications" a WHERE a."id" = "whatsapp_service_windows"."application_id";--> statement-breakpoint
ALTER TABLE "whatsapp_service_windows" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_service_windows" ADD CONSTRAINT "whatsapp_service_windows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_stats_hourly" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "conversation_stats_hourly" SET "organization_id" = a."organization_id" FROM "applications" a WHERE a."id" = "conversation_stats_hourly"."application_id";--> statement-breakpoint
ALTER TABLE "conversation_stats_hourly" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_stats_hourly" ADD CONSTRAINT "conversation_stats_hourly_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "webhook_deliveries" SET "organization_id" = a."organization_id" FROM "applications" a WHERE a."id" = "webhook_deliveries"."application_id";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
