ALTER TABLE "users" ADD COLUMN "visible_mark_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "visible_mark" boolean;--> statement-breakpoint
-- The author's default is read with every post of theirs, as the price is (kept feed copies):
-- changing it must clear them on every instance, as changing the price does (0011).
DROP TRIGGER "users_feed_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_feed_changed"
  AFTER UPDATE OF "username", "profile_image_id", "is_creator", "subscription_price_cents", "is_profile_locked", "visible_mark_default"
  ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
