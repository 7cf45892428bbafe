CREATE TABLE "sandbox_steps" (
	"message_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_steps_pkey" PRIMARY KEY("message_id","step")
);--> statement-breakpoint
CREATE INDEX "sandbox_steps_due_idx" ON "sandbox_steps" USING btree ("due_at");--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "dispatch_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "dispatch_slot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "dispatch_attempts" integer DEFAULT 0 NOT NULL;
