DROP INDEX "creator_monthly_fans_top_idx";--> statement-breakpoint
CREATE INDEX "creator_monthly_fans_top_idx" ON "creator_monthly_fans" USING btree ("creator_id","month","fan_id","spent_cents");