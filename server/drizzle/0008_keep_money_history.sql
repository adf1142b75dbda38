ALTER TABLE "payouts" DROP CONSTRAINT "payouts_creator_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "topups" DROP CONSTRAINT "topups_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "creator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "topups" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;