CREATE TABLE "family_children" (
	"union_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "family_children_union_id_child_id_pk" PRIMARY KEY("union_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "family_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"is_root" boolean DEFAULT false NOT NULL,
	"given_names" text DEFAULT '' NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"sex" text DEFAULT 'unknown' NOT NULL,
	"birth" jsonb,
	"death" jsonb,
	"died_undated" boolean DEFAULT false NOT NULL,
	"birth_place" text DEFAULT '' NOT NULL,
	"death_place" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"show_living_to_visitors" boolean DEFAULT false NOT NULL,
	"linked_memorial_id" uuid,
	"photo_variants" jsonb,
	"photo_placeholder" text,
	"gedcom_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "family_unions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"partner1_id" uuid,
	"partner2_id" uuid,
	"partnership" text DEFAULT 'married' NOT NULL,
	"gedcom_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorial_songs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"mime" text,
	"bytes" integer,
	"duration_seconds" integer,
	"youtube_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_children" ADD CONSTRAINT "family_children_union_id_family_unions_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."family_unions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_children" ADD CONSTRAINT "family_children_child_id_family_people_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."family_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_people" ADD CONSTRAINT "family_people_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_people" ADD CONSTRAINT "family_people_linked_memorial_id_memorials_id_fk" FOREIGN KEY ("linked_memorial_id") REFERENCES "public"."memorials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_people" ADD CONSTRAINT "family_people_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_unions" ADD CONSTRAINT "family_unions_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_unions" ADD CONSTRAINT "family_unions_partner1_id_family_people_id_fk" FOREIGN KEY ("partner1_id") REFERENCES "public"."family_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_unions" ADD CONSTRAINT "family_unions_partner2_id_family_people_id_fk" FOREIGN KEY ("partner2_id") REFERENCES "public"."family_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_songs" ADD CONSTRAINT "memorial_songs_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_songs" ADD CONSTRAINT "memorial_songs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_children_child_idx" ON "family_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "family_people_memorial_idx" ON "family_people" USING btree ("memorial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "family_people_one_root_key" ON "family_people" USING btree ("memorial_id") WHERE "family_people"."is_root";--> statement-breakpoint
CREATE INDEX "family_unions_memorial_idx" ON "family_unions" USING btree ("memorial_id");--> statement-breakpoint
CREATE INDEX "memorial_songs_memorial_idx" ON "memorial_songs" USING btree ("memorial_id","position");