CREATE INDEX "consent_records_recorded_idx" ON "consent_records" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "memorials_deleted_idx" ON "memorials" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id") WHERE post_id is not null;--> statement-breakpoint
CREATE INDEX "memorial_posts_rejected_idx" ON "memorial_posts" USING btree ("decided_at") WHERE status = 'rejected';--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");