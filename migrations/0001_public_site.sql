CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"consent_given" boolean NOT NULL,
	"consent_method" text NOT NULL,
	"legal_basis" text NOT NULL,
	"data_retention_period" text NOT NULL,
	"user_id" uuid,
	"visitor_hash" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_ore" integer NOT NULL,
	"interval" text NOT NULL,
	"features" jsonb NOT NULL,
	"highlighted" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"cvr" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_user_idx" ON "consent_records" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "consent_records_visitor_idx" ON "consent_records" USING btree ("visitor_hash");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_user_key" ON "resellers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_cvr_key" ON "resellers" USING btree ("cvr");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at");--> statement-breakpoint
-- The first price list (DKK in øre, incl. 25 % moms). Prices are edited in the database from here on.
INSERT INTO "plans" ("slug", "name", "description", "price_ore", "interval", "features", "highlighted", "sort_order") VALUES
('mindeside', 'Mindeside', 'Alt det vigtigste, gratis og uden reklamer – for altid.', 0, 'once', '["Mindeside med livshistorie, tidslinje og op til 30 billeder", "Besøgende kan tænde lys og skrive i gæstebogen", "I godkender selv hver hilsen, før den vises", "Åbnes fra QR-koden på mindestenen"]'::jsonb, false, 10),
('premium-maaned', 'Premium', 'Flere farver og flere minder – betal måned for måned, og stop når I vil.', 4900, 'month', '["Alle temaer og begge layouts", "Ubegrænset antal billeder og videoer", "Musik på mindesiden", "Stamtræ", "Animerede hilsner og sange med AI"]'::jsonb, false, 20),
('premium-aar', 'Premium årligt', 'Det samme som Premium, to måneder billigere.', 49000, 'year', '["Alt i Premium", "Betales én gang om året", "Svarer til 40,83 kr. om måneden"]'::jsonb, true, 30),
('qr-plade', 'QR-plade til mindesten', 'En graveret plade i rustfrit stål med jeres QR-kode, klar til at sætte på stenen.', 59900, 'once', '["Lasergraveret rustfrit stål, 5 × 5 cm", "Tåler frost, regn og sol", "Inklusive QR-kode og levering", "Kan også graveres direkte i stenen hos jeres stenhugger"]'::jsonb, false, 40),
('animeret-hilsen', 'Animeret hilsen', 'Et stillbillede vakt forsigtigt til live – et smil, et blik – som en hilsen på mindesiden.', 14900, 'once', '["Laves ud fra et foto, I vælger", "I ser den, før den vises på mindesiden", "Kan slettes igen når som helst"]'::jsonb, false, 50);
