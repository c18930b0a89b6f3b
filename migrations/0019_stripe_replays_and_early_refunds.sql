CREATE TABLE "stripe_refunded_payments" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_webhook_deliveries" (
	"signature" text PRIMARY KEY NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stripe_webhook_deliveries_signed_idx" ON "stripe_webhook_deliveries" USING btree ("signed_at");