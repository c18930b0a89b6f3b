CREATE TABLE "memorial_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name" text NOT NULL,
	"message" text,
	"author_id" uuid,
	"visitor_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "candles_auto_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memorials" ADD COLUMN "who_may_post" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "memorial_posts" ADD CONSTRAINT "memorial_posts_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_posts" ADD CONSTRAINT "memorial_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_posts" ADD CONSTRAINT "memorial_posts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memorial_posts_memorial_status_idx" ON "memorial_posts" USING btree ("memorial_id","status","created_at");--> statement-breakpoint
CREATE INDEX "memorial_posts_author_idx" ON "memorial_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "memorial_posts_visitor_idx" ON "memorial_posts" USING btree ("visitor_hash") WHERE visitor_hash is not null;