CREATE TABLE "post_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"post_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"parent_id" bigint,
	"content" text NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "post_likes" (
	"post_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_media" (
	"post_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"upload_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "post_media_post_id_position_pk" PRIMARY KEY("post_id","position"),
	CONSTRAINT "post_media_position_range" CHECK ("post_media"."position" >= 0 and "post_media"."position" < 20)
);
--> statement-breakpoint
CREATE TABLE "post_purchases" (
	"post_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_purchases_post_id_user_id_pk" PRIMARY KEY("post_id","user_id"),
	CONSTRAINT "post_purchases_amount_non_negative" CHECK ("post_purchases"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comments_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "subscriber_price_cents" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_parent_id_post_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD CONSTRAINT "post_purchases_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD CONSTRAINT "post_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD CONSTRAINT "post_purchases_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_comments_post_top_idx" ON "post_comments" USING btree ("post_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "post_comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "post_comments_parent_idx" ON "post_comments" USING btree ("parent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "post_comments"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "post_comments_author_idx" ON "post_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "post_likes_user_created_idx" ON "post_likes" USING btree ("user_id","created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_media_upload_idx" ON "post_media" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "post_purchases_user_idx" ON "post_purchases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posts_author_drafts_idx" ON "posts" USING btree ("author_id","created_at" DESC NULLS FIRST) WHERE "posts"."is_draft";--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_counts_non_negative" CHECK ("posts"."like_count" >= 0 and "posts"."comment_count" >= 0);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_price_range" CHECK (("posts"."price_cents" is null or "posts"."price_cents" > 0) and ("posts"."subscriber_price_cents" is null or ("posts"."price_cents" is not null and "posts"."subscriber_price_cents" >= 0 and "posts"."subscriber_price_cents" <= "posts"."price_cents")));--> statement-breakpoint
-- Every post's existing file becomes its first (and only) entry in post_media.
INSERT INTO "post_media" ("post_id", "position", "upload_id", "kind")
SELECT "id", 0, coalesce("video_id", "image_id"), CASE WHEN "video_id" IS NOT NULL THEN 'video' ELSE 'image' END
FROM "posts" WHERE "video_id" IS NOT NULL OR "image_id" IS NOT NULL;
