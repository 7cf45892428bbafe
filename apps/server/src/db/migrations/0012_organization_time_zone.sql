ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'Asia/Jakarta' NOT NULL;
