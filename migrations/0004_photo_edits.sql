ALTER TABLE "memorial_media" ADD COLUMN "edit" jsonb;--> statement-breakpoint
ALTER TABLE "memorial_media" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;