-- Issue 27 (ARCHITECTURE.md §6.4): the Overview's Verify tab reads an hourly rollup of
-- verifications, keyed by the application, the channel a verification STARTED on and the UTC hour
-- it was created (a cohort: what started in an hour and how it ended). The rollup job
-- (modules/verify/verify-stats.repo.ts rollUpVerifyStats) recomputes, exactly, every hour whose
-- verifications changed since its watermark (verifications.updated_at), so the /v1/verify write
-- path keeps its statements. approve_hist holds one count per VERIFY_APPROVE_BUCKETS bucket
-- (contracts verify-console.ts) of the seconds from start to approval.
CREATE TABLE "verify_stats_hourly" (
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id"),
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE cascade,
	"channel" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"started" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"canceled" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"approve_hist" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "verify_stats_hourly_pk" PRIMARY KEY ("application_id", "channel", "hour"),
	CONSTRAINT "verify_stats_hourly_channel_check" CHECK ("channel" IN ('sms', 'whatsapp', 'call', 'email'))
);--> statement-breakpoint
CREATE INDEX "verify_stats_hourly_org_idx" ON "verify_stats_hourly" ("organization_id");--> statement-breakpoint
-- The rollup also recomputes the rows of the latest hours (a verification deleted right after its
-- insert, when its first send was refused, leaves no updated_at behind).
CREATE INDEX "verify_stats_hourly_hour_idx" ON "verify_stats_hourly" ("hour");--> statement-breakpoint
-- The one-row watermark of the rollup: verifications updated after it (less a safety lag) are
-- recomputed on the next run. Epoch at first: the first run recomputes everything.
CREATE TABLE "verify_stats_watermark" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rolled_up_to" timestamp with time zone DEFAULT 'epoch' NOT NULL,
	CONSTRAINT "verify_stats_watermark_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "verify_stats_watermark" ("id", "rolled_up_to") VALUES (1, 'epoch');--> statement-breakpoint
-- What the rollup looks for: verifications changed since the watermark.
CREATE INDEX "verifications_updated_idx" ON "verifications" ("updated_at");
