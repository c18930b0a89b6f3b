CREATE TABLE "laser_job_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"status" text NOT NULL,
	"attempt" integer NOT NULL,
	"actor_id" uuid,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "laser_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"code" text NOT NULL,
	"material" text NOT NULL,
	"width_mm" integer NOT NULL,
	"height_mm" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"failure_reason" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "laser_jobs_failed_has_reason" CHECK (("laser_jobs"."status" = 'failed') = ("laser_jobs"."failure_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "package_production" (
	"package_id" uuid PRIMARY KEY NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_scans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" uuid,
	"direction" text NOT NULL,
	"reseller_id" uuid,
	"input" text NOT NULL,
	"code" text,
	"package_id" uuid,
	"outcome" text NOT NULL,
	"moved" integer DEFAULT 0 NOT NULL,
	"message" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "qr_packages" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "laser_job_events" ADD CONSTRAINT "laser_job_events_job_id_laser_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."laser_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laser_job_events" ADD CONSTRAINT "laser_job_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laser_jobs" ADD CONSTRAINT "laser_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laser_jobs" ADD CONSTRAINT "laser_jobs_code_qr_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."qr_codes"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laser_jobs" ADD CONSTRAINT "laser_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laser_jobs" ADD CONSTRAINT "laser_jobs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_production" ADD CONSTRAINT "package_production_package_id_qr_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."qr_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_production" ADD CONSTRAINT "package_production_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_scans" ADD CONSTRAINT "warehouse_scans_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_scans" ADD CONSTRAINT "warehouse_scans_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_scans" ADD CONSTRAINT "warehouse_scans_code_qr_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."qr_codes"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_scans" ADD CONSTRAINT "warehouse_scans_package_id_qr_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."qr_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "laser_job_events_job_idx" ON "laser_job_events" USING btree ("job_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "laser_jobs_order_key" ON "laser_jobs" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "laser_jobs_status_idx" ON "laser_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "warehouse_scans_staff_idx" ON "warehouse_scans" USING btree ("staff_id","id");--> statement-breakpoint
CREATE INDEX "qr_code_events_scan_idx" ON "qr_code_events" USING btree (("detail"->>'scanId')) WHERE detail ? 'scanId';