CREATE TABLE "federated_posts" (
	"post_id" bigint PRIMARY KEY NOT NULL,
	"author_id" bigint NOT NULL,
	"digest" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_followers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_followers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"actor_id" text NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"handle" text,
	"follow_id" text,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_followers_state" CHECK ("remote_followers"."state" in ('accepted', 'pending'))
);
--> statement-breakpoint
ALTER TABLE "federated_posts" ADD CONSTRAINT "federated_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_followers" ADD CONSTRAINT "remote_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "federated_posts_author_idx" ON "federated_posts" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_followers_user_actor_idx" ON "remote_followers" USING btree ("user_id","actor_id");--> statement-breakpoint
CREATE INDEX "remote_followers_user_page_idx" ON "remote_followers" USING btree ("user_id","state","id");