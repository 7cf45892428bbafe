-- Issue 25 (ARCHITECTURE.md §9): messages, message_events and status_outbox become native monthly
-- range partitions, converted in place (every row copied, in-flight messages included); Idempotency-
-- Keys move to their own table; every hot-path table carries organization_id (Citus-ready).
--
-- pesan_month_partition(parent, at): the one place a monthly partition is made (this migration and
-- the maintenance job, db/partitions.ts, both call it). The month is the UTC month holding `at`;
-- the partition is named <parent>_pYYYYMM. It is created as a plain table and then ATTACHed, which
-- locks the parent only in SHARE UPDATE EXCLUSIVE mode (reads and writes go on), unlike CREATE TABLE
-- ... PARTITION OF. A month some partition already covers (whatever its name: an operator may
-- attach a restored month) is left alone. Answers the partition's name, or null when covered.
CREATE FUNCTION pesan_month_partition(parent text, at timestamptz) RETURNS text
LANGUAGE plpgsql SET timezone = 'UTC' AS $$
DECLARE
  lower_bound timestamptz := date_trunc('month', at);
  upper_bound timestamptz := date_trunc('month', at) + interval '1 month';
  part text := parent || '_p' || to_char(date_trunc('month', at), 'YYYYMM');
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = parent::regclass AND c.relname = part
  ) THEN
    RETURN part;
  END IF;
  BEGIN
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)%s', part, parent,
      CASE WHEN parent = 'messages' THEN ' WITH (fillfactor = 70)' ELSE '' END);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, lower_bound, upper_bound);
  EXCEPTION WHEN invalid_object_definition OR duplicate_table THEN
    -- Another partition covers the month (42P17), or a table of that name exists outside the parent (42P07).
    RETURN NULL;
  END;
  RETURN part;
END $$;
--> statement-breakpoint
ALTER TABLE "message_events" DROP CONSTRAINT IF EXISTS "message_events_message_id_messages_id_fk";--> statement-breakpoint
ALTER TABLE "status_outbox" DROP CONSTRAINT IF EXISTS "status_outbox_message_id_messages_id_fk";--> statement-breakpoint
ALTER TABLE "message_segments" DROP CONSTRAINT IF EXISTS "message_segments_message_id_messages_id_fk";--> statement-breakpoint

-- messages
ALTER TABLE "messages" RENAME TO "messages_unpartitioned";--> statement-breakpoint
ALTER TABLE "messages_unpartitioned" RENAME CONSTRAINT "messages_pkey" TO "messages_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX IF EXISTS "messages_app_channel_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "messages_org_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "messages_idempotency_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "messages_provider_id_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "messages_undispatched_idx";--> statement-breakpoint
-- Milliseconds, as JavaScript holds them: the engine names a message by (id, created_at) read back
-- into a Date, which would not match a value with microseconds. (Set here: a partition key's type
-- cannot change once the partitioned table exists.)
ALTER TABLE "messages_unpartitioned" ALTER COLUMN "created_at" TYPE timestamp(3) with time zone;--> statement-breakpoint
CREATE TABLE "messages" (LIKE "messages_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_pkey" PRIMARY KEY ("id", "created_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id");--> statement-breakpoint
-- A partition for every month holding a message, and for this month and the three after it.
DO $$
DECLARE m timestamptz;
BEGIN
  FOR m IN SELECT generate_series(
      date_trunc('month', least(coalesce((SELECT min(created_at) FROM messages_unpartitioned), now()), now()), 'UTC'),
      date_trunc('month', now(), 'UTC') + interval '3 months', interval '1 month')
  LOOP
    PERFORM pesan_month_partition('messages', m);
  END LOOP;
  -- Months with a message but beyond the three ahead (a clock set forward once): one each.
  FOR m IN SELECT DISTINCT date_trunc('month', created_at, 'UTC') FROM messages_unpartitioned WHERE created_at >= date_trunc('month', now(), 'UTC') + interval '3 months'
  LOOP
    PERFORM pesan_month_partition('messages', m);
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "messages" SELECT * FROM "messages_unpartitioned";--> statement-breakpoint
DROP TABLE "messages_unpartitioned";--> statement-breakpoint
CREATE INDEX "messages_app_channel_created_idx" ON "messages" USING btree ("application_id", "channel", "created_at", "id");--> statement-breakpoint
CREATE INDEX "messages_org_created_idx" ON "messages" USING btree ("organization_id", "created_at");--> statement-breakpoint
CREATE INDEX "messages_provider_id_idx" ON "messages" USING btree ("driver", "provider_message_id");--> statement-breakpoint
CREATE INDEX "messages_undispatched_idx" ON "messages" USING btree ("created_at") WHERE provider_message_id is null;--> statement-breakpoint

-- message_events: partitioned by the month of its message (message_created_at), so a message and its
-- whole history live in the same month and are dropped together, and a history read touches one partition.
ALTER SEQUENCE "message_events_id_seq" OWNED BY NONE;--> statement-breakpoint
ALTER TABLE "message_events" RENAME TO "message_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "message_events_unpartitioned" RENAME CONSTRAINT "message_events_pkey" TO "message_events_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX IF EXISTS "message_events_message_idx";--> statement-breakpoint
CREATE TABLE "message_events" (
	"id" bigint DEFAULT nextval('message_events_id_seq'::regclass) NOT NULL,
	"organization_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"message_created_at" timestamp(3) with time zone NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"provider_code" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_events_pkey" PRIMARY KEY ("id", "message_created_at")
) PARTITION BY RANGE ("message_created_at");--> statement-breakpoint
ALTER SEQUENCE "message_events_id_seq" OWNED BY "message_events"."id";--> statement-breakpoint
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT inhrelid::regclass::text AS part FROM pg_inherits WHERE inhparent = 'messages'::regclass
  LOOP
    PERFORM pesan_month_partition('message_events', to_date(right(r.part, 6), 'YYYYMM')::timestamp AT TIME ZONE 'UTC');
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "message_events" ("id", "organization_id", "message_id", "message_created_at", "status", "reason", "provider_code", "at")
SELECT e."id", m."organization_id", e."message_id", m."created_at", e."status", e."reason", e."provider_code", e."at"
FROM "message_events_unpartitioned" e JOIN "messages" m ON m."id" = e."message_id";--> statement-breakpoint
DROP TABLE "message_events_unpartitioned";--> statement-breakpoint
CREATE INDEX "message_events_message_idx" ON "message_events" USING btree ("message_id", "id");--> statement-breakpoint

-- status_outbox: partitioned by its own created_at (rows are read in id order and taken within seconds).
ALTER SEQUENCE "status_outbox_id_seq" OWNED BY NONE;--> statement-breakpoint
ALTER TABLE "status_outbox" RENAME TO "status_outbox_unpartitioned";--> statement-breakpoint
ALTER TABLE "status_outbox_unpartitioned" RENAME CONSTRAINT "status_outbox_pkey" TO "status_outbox_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX IF EXISTS "status_outbox_app_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "status_outbox_pending_idx";--> statement-breakpoint
CREATE TABLE "status_outbox" (LIKE "status_outbox_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "status_outbox" ALTER COLUMN "id" SET DEFAULT nextval('status_outbox_id_seq'::regclass);--> statement-breakpoint
ALTER SEQUENCE "status_outbox_id_seq" OWNED BY "status_outbox"."id";--> statement-breakpoint
ALTER TABLE "status_outbox" ADD CONSTRAINT "status_outbox_pkey" PRIMARY KEY ("id", "created_at");--> statement-breakpoint
DO $$
DECLARE m timestamptz;
BEGIN
  FOR m IN SELECT generate_series(
      date_trunc('month', least(coalesce((SELECT min(created_at) FROM status_outbox_unpartitioned), now()), now()), 'UTC'),
      date_trunc('month', now(), 'UTC') + interval '3 months', interval '1 month')
  LOOP
    PERFORM pesan_month_partition('status_outbox', m);
  END LOOP;
  FOR m IN SELECT DISTINCT date_trunc('month', created_at, 'UTC') FROM status_outbox_unpartitioned WHERE created_at >= date_trunc('month', now(), 'UTC') + interval '3 months'
  LOOP
    PERFORM pesan_month_partition('status_outbox', m);
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "status_outbox" SELECT * FROM "status_outbox_unpartitioned";--> statement-breakpoint
DROP TABLE "status_outbox_unpartitioned";--> statement-breakpoint
CREATE INDEX "status_outbox_app_idx" ON "status_outbox" USING btree ("application_id", "id");--> statement-breakpoint
CREATE INDEX "status_outbox_pending_idx" ON "status_outbox" USING btree ("id") WHERE webhooked_at is null;--> statement-breakpoint

-- Idempotency-Keys of single sends, for their 24 hours (a unique index on a partitioned table must
-- hold the partition key, so the key's uniqueness lives here); pruned by the maintenance job.
CREATE TABLE "idempotency_keys" (
	"organization_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"key" text NOT NULL,
	"message_id" uuid NOT NULL,
	"message_created_at" timestamp(3) with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("application_id", "channel", "key", "organization_id")
);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id");--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "idempotency_keys" ("organization_id", "application_id", "channel", "key", "message_id", "message_created_at", "created_at")
SELECT "organization_id", "application_id", "channel", "idempotency_key", "id", "created_at", "created_at" FROM "messages"
WHERE "idempotency_key" IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint

-- organization_id on the engine's other tables (Citus: every tenant table carries the distribution column).
ALTER TABLE "message_batches" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "message_batches" b SET "organization_id" = a."organization_id" FROM "applications" a WHERE a."id" = b."application_id";--> statement-breakpoint
ALTER TABLE "message_batches" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "message_batches_idempotency_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "message_batches_idempotency_idx" ON "message_batches" USING btree ("application_id", "channel", "idempotency_key", "organization_id");--> statement-breakpoint
CREATE INDEX "message_batches_created_idx" ON "message_batches" USING btree ("created_at");--> statement-breakpoint

ALTER TABLE "message_stats_hourly" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "message_stats_hourly" s SET "organization_id" = a."organization_id" FROM "applications" a WHERE a."id" = s."application_id";--> statement-breakpoint
ALTER TABLE "message_stats_hourly" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "message_stats_hourly" DROP CONSTRAINT "message_stats_hourly_application_id_channel_hour_status_pk";--> statement-breakpoint
ALTER TABLE "message_stats_hourly" ADD CONSTRAINT "message_stats_hourly_pkey" PRIMARY KEY ("application_id", "channel", "hour", "status", "organization_id");--> statement-breakpoint

ALTER TABLE "message_stats_deltas" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "message_stats_deltas" d SET "organization_id" = a."organization_id" FROM "applications" a WHERE a."id" = d."application_id";--> statement-breakpoint
DELETE FROM "message_stats_deltas" WHERE "organization_id" IS NULL;--> statement-breakpoint
ALTER TABLE "message_stats_deltas" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint

ALTER TABLE "sandbox_steps" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_steps" ADD COLUMN "message_created_at" timestamp(3) with time zone;--> statement-breakpoint
UPDATE "sandbox_steps" s SET "organization_id" = m."organization_id", "message_created_at" = m."created_at" FROM "messages" m WHERE m."id" = s."message_id";--> statement-breakpoint
DELETE FROM "sandbox_steps" WHERE "organization_id" IS NULL;--> statement-breakpoint
ALTER TABLE "sandbox_steps" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_steps" ALTER COLUMN "message_created_at" SET NOT NULL;--> statement-breakpoint

ALTER TABLE "message_segments" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "message_segments" s SET "organization_id" = m."organization_id" FROM "messages" m WHERE m."id" = s."message_id";--> statement-breakpoint
DELETE FROM "message_segments" WHERE "organization_id" IS NULL;--> statement-breakpoint
ALTER TABLE "message_segments" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint

-- Webhook events (and their deliveries) older than the retention are deleted daily by creation time.
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");
