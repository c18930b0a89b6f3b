CREATE TABLE "memorial_members" (
	"memorial_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memorial_members_memorial_id_user_id_pk" PRIMARY KEY("memorial_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "memorials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"birth_date" date,
	"death_date" date,
	"birth_place" text DEFAULT '' NOT NULL,
	"death_place" text DEFAULT '' NOT NULL,
	"cemetery" text DEFAULT '' NOT NULL,
	"grave_section" text DEFAULT '' NOT NULL,
	"grave_number" text DEFAULT '' NOT NULL,
	"grave_latitude" double precision,
	"grave_longitude" double precision,
	"epitaph" text DEFAULT '' NOT NULL,
	"life_story" text DEFAULT '' NOT NULL,
	"timeline" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"theme" text DEFAULT 'lys' NOT NULL,
	"layout" text DEFAULT 'classic' NOT NULL,
	"privacy" text DEFAULT 'public' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "memorial_members" ADD CONSTRAINT "memorial_members_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_members" ADD CONSTRAINT "memorial_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorials" ADD CONSTRAINT "memorials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memorial_members_user_idx" ON "memorial_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memorial_members_one_owner_key" ON "memorial_members" USING btree ("memorial_id") WHERE "memorial_members"."role" = 'owner';--> statement-breakpoint
CREATE UNIQUE INDEX "memorials_slug_key" ON "memorials" USING btree ("slug");