-- Issue 26 (ARCHITECTURE.md §5.1): members with roles, invitations, two-factor sign-in, sessions
-- with device and IP, and the audit log. A user belongs to at most one organization
-- (users.organization_id); their role there is users.role, set exactly when organization_id is.
-- Every existing organization's users become its owners.
ALTER TABLE "users" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "role" = 'owner', "joined_at" = "updated_at" WHERE "organization_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('owner', 'admin', 'developer', 'viewer'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_with_organization" CHECK (("organization_id" IS NULL) = ("role" IS NULL));--> statement-breakpoint
CREATE INDEX "users_organization_idx" ON "users" ("organization_id");--> statement-breakpoint
-- TOTP (RFC 6238): the shared secret sealed with SESSION_SECRET (lib/secret-box.ts); enabled once a
-- first code was checked; the last accepted 30-second step, so a code is never accepted twice.
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "require_2fa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Ten single-use recovery codes per user, only their SHA-256 kept.
CREATE TABLE "recovery_codes" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "code_hash")
);--> statement-breakpoint
-- The second step of a sign-in with 2FA: no session exists until it succeeds; 5 wrong codes end it.
CREATE TABLE "login_challenges" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"remember" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "login_challenges_user_idx" ON "login_challenges" ("user_id");--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id"),
	"email" text NOT NULL,
	"role" text NOT NULL CHECK ("role" IN ('owner', 'admin', 'developer', 'viewer')),
	"token_hash" text NOT NULL UNIQUE,
	"invited_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "invitations_organization_idx" ON "invitations" ("organization_id", "created_at");--> statement-breakpoint
-- Append-only: no route updates or deletes a row; the maintenance job drops rows past 400 days.
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id"),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL DEFAULT '',
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"target_name" text,
	"ip" text NOT NULL DEFAULT '',
	"user_agent" text NOT NULL DEFAULT '',
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);--> statement-breakpoint
CREATE INDEX "audit_log_organization_at_idx" ON "audit_log" ("organization_id", "at" DESC, "id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" ("at");
