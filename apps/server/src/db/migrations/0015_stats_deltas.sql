CREATE TABLE "message_stats_deltas" (
	"application_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"delta" integer NOT NULL
);
