DROP INDEX "messages_app_channel_created_idx";--> statement-breakpoint
CREATE INDEX "messages_app_channel_created_idx" ON "messages" USING btree ("application_id","channel","created_at","id");