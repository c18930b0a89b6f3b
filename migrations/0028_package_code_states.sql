DROP INDEX "qr_codes_package_idx";--> statement-breakpoint
CREATE INDEX "qr_codes_package_status_idx" ON "qr_codes" USING btree ("package_id","status");