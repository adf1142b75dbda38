ALTER TABLE "post_comments" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "remote_actor_id" bigint;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "remote_object_uri" text;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_remote_actor_id_remote_actors_id_fk" FOREIGN KEY ("remote_actor_id") REFERENCES "public"."remote_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_comments_remote_actor_idx" ON "post_comments" USING btree ("remote_actor_id");--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_remote_object_uri_key" UNIQUE("remote_object_uri");--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_one_author" CHECK (("post_comments"."author_id" is null) <> ("post_comments"."remote_actor_id" is null) and ("post_comments"."remote_actor_id" is null) = ("post_comments"."remote_object_uri" is null));