CREATE TABLE "api_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_version_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "doc_description" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_id" uuid NOT NULL,
	"description" text NOT NULL,
	"language_support" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doc_description_title_id_unique" UNIQUE("title_id")
);
--> statement-breakpoint
CREATE TABLE "doc_menu" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"number" integer NOT NULL,
	"icon" text,
	CONSTRAINT "doc_menu_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "doc_title" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"menu_id" uuid NOT NULL,
	"title" text NOT NULL,
	"number" integer NOT NULL,
	"api_version_id" uuid NOT NULL,
	"slug" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "doc_description" ADD CONSTRAINT "doc_description_title_id_doc_title_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."doc_title"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_title" ADD CONSTRAINT "doc_title_menu_id_doc_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."doc_menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_title" ADD CONSTRAINT "doc_title_api_version_id_api_version_id_fk" FOREIGN KEY ("api_version_id") REFERENCES "public"."api_version"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doc_title_version_slug_idx" ON "doc_title" USING btree ("api_version_id","slug");--> statement-breakpoint
CREATE INDEX "doc_title_menu_idx" ON "doc_title" USING btree ("menu_id");