CREATE TABLE "remote_follows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_follows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"remote_actor_id" bigint NOT NULL,
	"follow_uri" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_follows_state" CHECK ("remote_follows"."state" in ('accepted', 'pending'))
);
--> statement-breakpoint
CREATE TABLE "remote_interactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_interactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"remote_post_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"activity_uri" text NOT NULL,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_interactions_kind" CHECK ("remote_interactions"."kind" in ('like', 'boost', 'reply'))
);
--> statement-breakpoint
CREATE TABLE "remote_posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uri" text NOT NULL,
	"remote_actor_id" bigint NOT NULL,
	"url" text NOT NULL,
	"content" text NOT NULL,
	"content_warning" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sensitive" boolean DEFAULT false NOT NULL,
	"in_reply_to" text,
	"published" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "remote_follows" ADD CONSTRAINT "remote_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_follows" ADD CONSTRAINT "remote_follows_remote_actor_id_remote_actors_id_fk" FOREIGN KEY ("remote_actor_id") REFERENCES "public"."remote_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_interactions" ADD CONSTRAINT "remote_interactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_interactions" ADD CONSTRAINT "remote_interactions_remote_post_id_remote_posts_id_fk" FOREIGN KEY ("remote_post_id") REFERENCES "public"."remote_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_posts" ADD CONSTRAINT "remote_posts_remote_actor_id_remote_actors_id_fk" FOREIGN KEY ("remote_actor_id") REFERENCES "public"."remote_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_follows_user_actor_idx" ON "remote_follows" USING btree ("user_id","remote_actor_id");--> statement-breakpoint
CREATE INDEX "remote_follows_actor_idx" ON "remote_follows" USING btree ("remote_actor_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_follows_follow_uri_idx" ON "remote_follows" USING btree ("follow_uri");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_interactions_once_idx" ON "remote_interactions" USING btree ("user_id","remote_post_id","kind") WHERE "remote_interactions"."kind" <> 'reply';--> statement-breakpoint
CREATE INDEX "remote_interactions_post_idx" ON "remote_interactions" USING btree ("remote_post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_posts_uri_idx" ON "remote_posts" USING btree ("uri");--> statement-breakpoint
CREATE INDEX "remote_posts_actor_published_idx" ON "remote_posts" USING btree ("remote_actor_id","published" DESC NULLS LAST,"id" DESC NULLS LAST);