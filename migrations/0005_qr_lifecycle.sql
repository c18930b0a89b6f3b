CREATE TABLE "qr_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"reseller_id" uuid,
	"status" text DEFAULT 'created' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_packages_size_positive" CHECK ("qr_packages"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "qr_code_events" DROP CONSTRAINT "qr_code_events_code_qr_codes_code_fk";
--> statement-breakpoint
DROP INDEX "qr_code_events_code_idx";--> statement-breakpoint
ALTER TABLE "qr_code_events" ADD COLUMN "from_status" text;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "package_id" uuid;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "memorial_id" uuid;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "second_memorial_id" uuid;--> statement-breakpoint
ALTER TABLE "qr_packages" ADD CONSTRAINT "qr_packages_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_packages" ADD CONSTRAINT "qr_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_packages_reseller_idx" ON "qr_packages" USING btree ("reseller_id");--> statement-breakpoint
ALTER TABLE "qr_code_events" ADD CONSTRAINT "qr_code_events_code_qr_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."qr_codes"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_package_id_qr_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."qr_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_second_memorial_id_memorials_id_fk" FOREIGN KEY ("second_memorial_id") REFERENCES "public"."memorials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_codes_package_idx" ON "qr_codes" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "qr_codes_memorial_idx" ON "qr_codes" USING btree ("memorial_id");--> statement-breakpoint
CREATE INDEX "qr_codes_second_memorial_idx" ON "qr_codes" USING btree ("second_memorial_id");--> statement-breakpoint
CREATE INDEX "qr_code_events_code_idx" ON "qr_code_events" USING btree ("code","id");--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_linked_has_memorial" CHECK (("qr_codes"."status" = 'linked') = ("qr_codes"."memorial_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_second_needs_first" CHECK ("qr_codes"."second_memorial_id" IS NULL OR ("qr_codes"."memorial_id" IS NOT NULL AND "qr_codes"."second_memorial_id" <> "qr_codes"."memorial_id"));--> statement-breakpoint
-- The event log is append-only: a row is never changed or removed. The one change allowed is the
-- foreign key's own: clearing the actor when their account is erased.
CREATE FUNCTION "qr_code_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
     AND (NEW.id, NEW.code, NEW.from_status, NEW.event, NEW.detail::text, NEW.at) IS NOT DISTINCT FROM (OLD.id, OLD.code, OLD.from_status, OLD.event, OLD.detail::text, OLD.at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'qr_code_events is append-only (% refused)', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "qr_code_events_append_only" BEFORE UPDATE OR DELETE ON "qr_code_events" FOR EACH ROW EXECUTE FUNCTION "qr_code_events_append_only"();
