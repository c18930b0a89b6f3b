CREATE TABLE "memorial_archives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"requested_by" uuid,
	"state" text DEFAULT 'waiting' NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "memorial_archives" ADD CONSTRAINT "memorial_archives_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_archives" ADD CONSTRAINT "memorial_archives_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memorial_archives_memorial_idx" ON "memorial_archives" USING btree ("memorial_id","requested_at");--> statement-breakpoint
CREATE INDEX "memorial_archives_expiry_idx" ON "memorial_archives" USING btree ("expires_at") WHERE state = 'ready';