CREATE TABLE "memorial_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"name" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_runs_name_day_pk" PRIMARY KEY("name","day")
);
--> statement-breakpoint
CREATE TABLE "post_decision_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "memorial_daily_stats" (
	"memorial_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "memorial_daily_stats_memorial_id_day_pk" PRIMARY KEY("memorial_id","day")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memorial_posts" ADD COLUMN "photo" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "post_mails" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anniversary_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memorial_invitations" ADD CONSTRAINT "memorial_invitations_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_invitations" ADD CONSTRAINT "memorial_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_invitations" ADD CONSTRAINT "memorial_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_decision_tokens" ADD CONSTRAINT "post_decision_tokens_post_id_memorial_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."memorial_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_decision_tokens" ADD CONSTRAINT "post_decision_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_daily_stats" ADD CONSTRAINT "memorial_daily_stats_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memorial_invitations_token_key" ON "memorial_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "memorial_invitations_memorial_idx" ON "memorial_invitations" USING btree ("memorial_id");--> statement-breakpoint
CREATE INDEX "post_decision_tokens_post_idx" ON "post_decision_tokens" USING btree ("post_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_memorial_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."memorial_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("created_at") WHERE mailed_at is null and post_id is not null;--> statement-breakpoint
-- Notifications from before e-mail existed are not mailed now.
UPDATE "notifications" SET "mailed_at" = "created_at";