DROP INDEX IF EXISTS "messages_undispatched_idx";--> statement-breakpoint
CREATE INDEX "messages_undispatched_idx" ON "messages" USING btree ("created_at") WHERE provider_message_id is null;--> statement-breakpoint
ALTER TABLE "messages" SET (fillfactor = 70);
