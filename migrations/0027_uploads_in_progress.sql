CREATE TABLE "uploads_in_progress" (
	"folder" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "uploads_in_progress_started_idx" ON "uploads_in_progress" USING btree ("started_at");