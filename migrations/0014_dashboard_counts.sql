CREATE TABLE "qr_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "contact_messages_status_idx";--> statement-breakpoint
CREATE INDEX "memorial_posts_pending_idx" ON "memorial_posts" USING btree ("memorial_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","last_activity_at");--> statement-breakpoint
-- Only rows whose state changed move a count, so an update that leaves the state alone (a link's
-- memorial, a claim's time) locks no count row. Rows are added in the order of their state, so two
-- statements at once take the count rows' locks in the same order and cannot deadlock.
CREATE FUNCTION "qr_status_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "qr_status_counts" ("status", "n")
      SELECT "status", count(*) FROM new_rows GROUP BY "status" ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "n" = "qr_status_counts"."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "qr_status_counts" ("status", "n")
      SELECT "status", -count(*) FROM old_rows GROUP BY "status" ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "n" = "qr_status_counts"."n" + excluded."n";
  ELSE
    INSERT INTO "qr_status_counts" ("status", "n")
      SELECT "status", sum("d") FROM (
        SELECT o."status", -1 AS "d" FROM old_rows o JOIN new_rows n ON n."code" = o."code" WHERE o."status" <> n."status"
        UNION ALL
        SELECT n."status", 1 AS "d" FROM old_rows o JOIN new_rows n ON n."code" = o."code" WHERE o."status" <> n."status"
      ) AS "moves" GROUP BY "status" ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "n" = "qr_status_counts"."n" + excluded."n";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "qr_status_counts_insert" AFTER INSERT ON "qr_codes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qr_status_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "qr_status_counts_update" AFTER UPDATE ON "qr_codes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qr_status_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "qr_status_counts_delete" AFTER DELETE ON "qr_codes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "qr_status_counts_follow"();--> statement-breakpoint
-- TRUNCATE fires no row triggers: the counts go with the codes.
CREATE FUNCTION "qr_status_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "qr_status_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "qr_status_counts_truncate" AFTER TRUNCATE ON "qr_codes" FOR EACH STATEMENT EXECUTE FUNCTION "qr_status_counts_truncate"();--> statement-breakpoint
INSERT INTO "qr_status_counts" ("status", "n") SELECT "status", count(*) FROM "qr_codes" GROUP BY "status";
