CREATE TABLE "email_shares" (
	"fan_id" bigint NOT NULL,
	"creator_id" bigint NOT NULL,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_shares_fan_id_creator_id_pk" PRIMARY KEY("fan_id","creator_id")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "publish_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "email_shares" ADD CONSTRAINT "email_shares_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_shares" ADD CONSTRAINT "email_shares_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_shares_creator_idx" ON "email_shares" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "posts_publish_at_idx" ON "posts" USING btree ("publish_at") WHERE "posts"."publish_at" is not null;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_scheduled_is_draft" CHECK ("posts"."publish_at" is null or "posts"."is_draft");