CREATE TABLE "invoice_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counter_one_row" CHECK ("invoice_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"credits_invoice_id" uuid,
	"status" text NOT NULL,
	"total_ore" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"item" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_ore" integer NOT NULL,
	"total_ore" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"user_id" uuid NOT NULL,
	"reseller_id" uuid,
	"memorial_id" uuid,
	"payment_method" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"total_ore" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_company" text,
	"buyer_cvr" text,
	"delivery_name" text,
	"delivery_address" text,
	"delivery_postcode" text,
	"delivery_town" text,
	"details" jsonb NOT NULL,
	"stripe_session_id" text,
	"stripe_payment_intent_id" text,
	"stripe_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_total_positive" CHECK ("orders"."total_ore" > 0)
);
--> statement-breakpoint
CREATE TABLE "premium_periods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"memorial_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"order_id" uuid,
	"source" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"slug" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_ore" integer NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"for_resellers" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price_ore" > 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memorial_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_slug" text NOT NULL,
	"stripe_subscription_id" text NOT NULL,
	"status" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"last_event_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_periods" ADD CONSTRAINT "premium_periods_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_periods" ADD CONSTRAINT "premium_periods_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","issued_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_stripe_session_key" ON "orders" USING btree ("stripe_session_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_reseller_idx" ON "orders" USING btree ("reseller_id") WHERE "orders"."reseller_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_payment_intent_idx" ON "orders" USING btree ("stripe_payment_intent_id") WHERE "orders"."stripe_payment_intent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "premium_periods_source_key" ON "premium_periods" USING btree ("source");--> statement-breakpoint
CREATE INDEX "premium_periods_memorial_idx" ON "premium_periods" USING btree ("memorial_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_stripe_key" ON "subscriptions" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_memorial_idx" ON "subscriptions" USING btree ("memorial_id");--> statement-breakpoint
INSERT INTO "invoice_counter" ("id", "last") VALUES (1, 0);--> statement-breakpoint
INSERT INTO "plans" ("slug", "name", "description", "price_ore", "interval", "features", "highlighted", "sort_order") VALUES
('premium-livstid', 'Premium for altid', 'Betal én gang, og mindesiden har Premium for altid.', 149500, 'once', '["Alt i Premium", "Én betaling – ingen fornyelse", "Kan betales med MobilePay eller bankoverførsel"]'::jsonb, false, 35);--> statement-breakpoint
INSERT INTO "products" ("slug", "kind", "name", "description", "price_ore", "attributes", "for_resellers", "sort_order") VALUES
('plade-staal-5', 'plaque', 'QR-plade i rustfrit stål, 5 × 5 cm', 'Lasergraveret rustfrit stål, der tåler frost, regn og sol.', 59900, '{"material": "staal", "widthMm": 50, "heightMm": 50}'::jsonb, false, 10),
('plade-staal-8', 'plaque', 'QR-plade i rustfrit stål, 8 × 8 cm', 'Lasergraveret rustfrit stål, der tåler frost, regn og sol.', 79900, '{"material": "staal", "widthMm": 80, "heightMm": 80}'::jsonb, false, 20),
('plade-granit-8', 'plaque', 'QR-plade i sort granit, 8 × 8 cm', 'Poleret sort granit med lys gravering.', 89900, '{"material": "granit", "widthMm": 80, "heightMm": 80}'::jsonb, false, 30),
('plade-messing-10', 'plaque', 'QR-plade i messing, 10 × 6 cm', 'Messing med koden til venstre og jeres tekst til højre.', 84900, '{"material": "messing", "widthMm": 100, "heightMm": 60}'::jsonb, false, 40),
('ekstra-qr-kode', 'extra_codes', 'Ekstra QR-kode', 'En QR-kode mere til samme mindeside, fx til urnehaven eller et billede derhjemme.', 9900, '{}'::jsonb, false, 50),
('animeret-hilsen', 'animated_greeting', 'Animeret hilsen', 'Et stillbillede vakt forsigtigt til live som en hilsen på mindesiden.', 14900, '{}'::jsonb, false, 60),
('ai-sang', 'song', 'Sang med AI', 'En sang skrevet ud fra jeres ord om den, I har mistet.', 19900, '{}'::jsonb, false, 70),
('qr-pakke-25', 'qr_package', 'QR-pakke med 25 koder', 'Engrospris for forhandlere: 75,00 kr. pr. kode.', 187500, '{"codes": 25}'::jsonb, true, 80),
('qr-pakke-50', 'qr_package', 'QR-pakke med 50 koder', 'Engrospris for forhandlere: 65,00 kr. pr. kode.', 325000, '{"codes": 50}'::jsonb, true, 90),
('qr-pakke-100', 'qr_package', 'QR-pakke med 100 koder', 'Engrospris for forhandlere: 55,00 kr. pr. kode.', 550000, '{"codes": 100}'::jsonb, true, 100);
