CREATE TABLE "remote_post_likes" (
	"post_id" bigint NOT NULL,
	"actor_uri" text NOT NULL,
	"activity_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_post_likes_post_id_actor_uri_pk" PRIMARY KEY("post_id","actor_uri")
);
--> statement-breakpoint
CREATE TABLE "remote_post_shares" (
	"post_id" bigint NOT NULL,
	"actor_uri" text NOT NULL,
	"activity_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_post_shares_post_id_actor_uri_pk" PRIMARY KEY("post_id","actor_uri")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "remote_reporter" text;--> statement-breakpoint
ALTER TABLE "remote_post_likes" ADD CONSTRAINT "remote_post_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_post_shares" ADD CONSTRAINT "remote_post_shares_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_post_likes_activity_idx" ON "remote_post_likes" USING btree ("actor_uri","activity_id");--> statement-breakpoint
CREATE INDEX "remote_post_shares_activity_idx" ON "remote_post_shares" USING btree ("actor_uri","activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_remote_reporter_key" ON "reports" USING btree ("remote_reporter","target_type","target_id") WHERE "reports"."status" = 'open' and "reports"."remote_reporter" is not null;