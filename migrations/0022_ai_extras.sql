CREATE TABLE "ai_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"memorial_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"input" jsonb NOT NULL,
	"created_by" uuid,
	"by_staff" boolean DEFAULT false NOT NULL,
	"rerun_of" uuid,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"prediction_id" text,
	"turn" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"errors_in_row" integer DEFAULT 0 NOT NULL,
	"provider_seconds" real,
	"provider_status" text,
	"provider_response" text,
	"last_error" text,
	"deadline_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"result_key" text,
	"result_mime" text,
	"result_bytes" integer,
	"result_seconds" real,
	"lyrics" text,
	"published_at" timestamp with time zone,
	"song_id" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "memorial_songs" ADD COLUMN "lyrics" text;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_rerun_of_ai_generations_id_fk" FOREIGN KEY ("rerun_of") REFERENCES "public"."ai_generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_song_id_memorial_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."memorial_songs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_generations_memorial_idx" ON "ai_generations" USING btree ("memorial_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_generations_order_idx" ON "ai_generations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ai_generations_status_idx" ON "ai_generations" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_generations_one_running_per_order" ON "ai_generations" USING btree ("order_id") WHERE status in ('queued', 'running');