CREATE TABLE "memorial_addresses" (
	"slug" text PRIMARY KEY NOT NULL,
	"memorial_id" uuid,
	"retired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memorial_addresses" ADD CONSTRAINT "memorial_addresses_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memorial_addresses_memorial_idx" ON "memorial_addresses" USING btree ("memorial_id");