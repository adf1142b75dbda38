ALTER TABLE "uploads" ADD COLUMN "video_state" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "video_progress" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "video_error" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "renditions" jsonb;