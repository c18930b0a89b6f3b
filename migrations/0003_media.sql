CREATE TABLE "memorial_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"mime" text,
	"bytes" integer,
	"original_key" text,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"placeholder" text,
	"youtube_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "portrait_media_id" uuid;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "cover_media_id" uuid;--> statement-breakpoint
ALTER TABLE "memorial_media" ADD CONSTRAINT "memorial_media_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_media" ADD CONSTRAINT "memorial_media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memorial_media_memorial_idx" ON "memorial_media" USING btree ("memorial_id","position");