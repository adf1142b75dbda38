DROP INDEX "notifications_unread_idx";--> statement-breakpoint
CREATE INDEX "notifications_unread_type_idx" ON "notifications" USING btree ("user_id","type") WHERE not "notifications"."is_read";