CREATE TABLE "code_handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"reseller_id" uuid NOT NULL,
	"family_name" text NOT NULL,
	"email" text,
	"given_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reseller_commissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reseller_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"amount_ore" integer NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reseller_monthly_stats" (
	"reseller_id" uuid NOT NULL,
	"month" date NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"activated" integer DEFAULT 0 NOT NULL,
	"linked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reseller_monthly_stats_reseller_id_month_pk" PRIMARY KEY("reseller_id","month")
);
--> statement-breakpoint
ALTER TABLE "resellers" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "account_setups" ALTER COLUMN "qr_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "reseller_id" uuid;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "email" text;--> statement-breakpoint
-- The records made before applications existed belong to accounts: their address is the account's.
UPDATE "resellers" AS r SET "email" = u."email" FROM "users" AS u WHERE u."id" = r."user_id";--> statement-breakpoint
ALTER TABLE "resellers" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "postcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "town" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "commission_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "referral_code" text;--> statement-breakpoint
UPDATE "resellers" SET "referral_code" = upper(substr(md5(random()::text || "id"::text), 1, 10));--> statement-breakpoint
ALTER TABLE "resellers" ALTER COLUMN "referral_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "account_setups" ADD COLUMN "reseller_id" uuid;--> statement-breakpoint
ALTER TABLE "code_handovers" ADD CONSTRAINT "code_handovers_code_qr_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."qr_codes"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_handovers" ADD CONSTRAINT "code_handovers_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_handovers" ADD CONSTRAINT "code_handovers_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_commissions" ADD CONSTRAINT "reseller_commissions_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_commissions" ADD CONSTRAINT "reseller_commissions_partner_id_resellers_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_monthly_stats" ADD CONSTRAINT "reseller_monthly_stats_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_handovers_live_code_key" ON "code_handovers" USING btree ("code") WHERE withdrawn_at is null;--> statement-breakpoint
CREATE INDEX "code_handovers_reseller_idx" ON "code_handovers" USING btree ("reseller_id","created_at");--> statement-breakpoint
CREATE INDEX "reseller_commissions_reseller_idx" ON "reseller_commissions" USING btree ("reseller_id","partner_id");--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_referred_by_resellers_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."resellers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_codes_reseller_code_idx" ON "qr_codes" USING btree ("reseller_id","code") WHERE reseller_id is not null;--> statement-breakpoint
CREATE INDEX "qr_codes_reseller_status_idx" ON "qr_codes" USING btree ("reseller_id","status","code") WHERE reseller_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_email_key" ON "resellers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_referral_code_key" ON "resellers" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "resellers_referred_by_idx" ON "resellers" USING btree ("referred_by");--> statement-breakpoint
CREATE INDEX "resellers_status_created_idx" ON "resellers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "account_setups_reseller_idx" ON "account_setups" USING btree ("reseller_id");--> statement-breakpoint
CREATE INDEX "account_setups_code_idx" ON "account_setups" USING btree ("qr_code");--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_commission_range" CHECK ("resellers"."commission_basis_points" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "account_setups" ADD CONSTRAINT "account_setups_code_or_reseller" CHECK ("account_setups"."qr_code" is not null or "account_setups"."reseller_id" is not null);--> statement-breakpoint
-- Declared here rather than in the schema, where users.ts and resellers.ts would import each other.
ALTER TABLE "account_setups" ADD CONSTRAINT "account_setups_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A code belongs to the reseller its package was made for.
UPDATE "qr_codes" AS c SET "reseller_id" = p."reseller_id" FROM "qr_packages" AS p WHERE p."id" = c."package_id" AND p."reseller_id" IS NOT NULL;--> statement-breakpoint
-- A reseller's codes month by month, from the code events as they are written: one statement of a
-- 10,000-code package's shipping adds to one row. Rows are added in key order, so two statements at
-- once lock them in the same order and cannot deadlock.
CREATE FUNCTION "reseller_monthly_stats_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "reseller_monthly_stats" ("reseller_id", "month", "received", "activated", "linked")
    SELECT c."reseller_id", date_trunc('month', e."at" AT TIME ZONE 'Europe/Copenhagen')::date,
      count(*) FILTER (WHERE e."event" = 'shipped'), count(*) FILTER (WHERE e."event" = 'claimed'), count(*) FILTER (WHERE e."event" = 'linked')
    FROM new_events AS e JOIN "qr_codes" AS c ON c."code" = e."code"
    WHERE c."reseller_id" IS NOT NULL AND e."event" IN ('shipped', 'claimed', 'linked')
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("reseller_id", "month") DO UPDATE SET
      "received" = "reseller_monthly_stats"."received" + excluded."received",
      "activated" = "reseller_monthly_stats"."activated" + excluded."activated",
      "linked" = "reseller_monthly_stats"."linked" + excluded."linked";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "reseller_monthly_stats_insert" AFTER INSERT ON "qr_code_events" REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "reseller_monthly_stats_follow"();--> statement-breakpoint
INSERT INTO "reseller_monthly_stats" ("reseller_id", "month", "received", "activated", "linked")
  SELECT c."reseller_id", date_trunc('month', e."at" AT TIME ZONE 'Europe/Copenhagen')::date,
    count(*) FILTER (WHERE e."event" = 'shipped'), count(*) FILTER (WHERE e."event" = 'claimed'), count(*) FILTER (WHERE e."event" = 'linked')
  FROM "qr_code_events" AS e JOIN "qr_codes" AS c ON c."code" = e."code"
  WHERE c."reseller_id" IS NOT NULL AND e."event" IN ('shipped', 'claimed', 'linked')
  GROUP BY 1, 2;