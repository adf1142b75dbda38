CREATE TABLE "remote_boosts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_boosts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"announce_uri" text NOT NULL,
	"booster_id" bigint NOT NULL,
	"remote_post_id" bigint NOT NULL,
	"published" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remote_boosts" ADD CONSTRAINT "remote_boosts_booster_id_remote_actors_id_fk" FOREIGN KEY ("booster_id") REFERENCES "public"."remote_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_boosts" ADD CONSTRAINT "remote_boosts_remote_post_id_remote_posts_id_fk" FOREIGN KEY ("remote_post_id") REFERENCES "public"."remote_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_boosts_announce_idx" ON "remote_boosts" USING btree ("announce_uri");--> statement-breakpoint
CREATE INDEX "remote_boosts_booster_published_idx" ON "remote_boosts" USING btree ("booster_id","published" DESC NULLS LAST,"id" DESC NULLS LAST);