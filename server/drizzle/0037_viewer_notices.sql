CREATE INDEX "post_unlocks_user_idx" ON "post_unlocks" USING btree ("user_id","post_id");--> statement-breakpoint
-- What one viewer's pages of shared, kept posts depend on (posts/viewer-state.ts): what they
-- liked, opened, bought or unlocked, whom they block or are blocked by, and whether a
-- subscription is still a free trial. A change tells every
-- instance to read that viewer's facts again (see 0011 for the channel).
CREATE FUNCTION "notify_viewer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'profile_unlocks' THEN
    PERFORM pg_notify('zura_changes', 'viewer_changed:' || changed.viewer_id);
  ELSIF TG_TABLE_NAME = 'subscriptions' THEN
    PERFORM pg_notify('zura_changes', 'viewer_changed:' || changed.fan_id);
  ELSIF TG_TABLE_NAME = 'blocks' THEN
    PERFORM pg_notify('zura_changes', 'viewer_changed:' || changed.blocker_id);
    PERFORM pg_notify('zura_changes', 'viewer_changed:' || changed.blocked_id);
  ELSE
    PERFORM pg_notify('zura_changes', 'viewer_changed:' || changed.user_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_likes_viewer_changed" AFTER INSERT OR DELETE ON "post_likes"
  FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"();--> statement-breakpoint
CREATE TRIGGER "post_unlocks_viewer_changed" AFTER INSERT OR DELETE ON "post_unlocks"
  FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"();--> statement-breakpoint
CREATE TRIGGER "post_purchases_viewer_changed" AFTER INSERT OR DELETE ON "post_purchases"
  FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"();--> statement-breakpoint
CREATE TRIGGER "profile_unlocks_viewer_changed" AFTER INSERT OR DELETE ON "profile_unlocks"
  FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"();--> statement-breakpoint
CREATE TRIGGER "blocks_viewer_changed" AFTER INSERT OR DELETE ON "blocks"
  FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"();--> statement-breakpoint
-- A free trial that becomes paid changes the price of the creator's pay-per-view posts for the
-- fan; status changes already send following_changed (0012).
CREATE TRIGGER "subscriptions_viewer_changed" AFTER UPDATE OF "is_trial" ON "subscriptions"
  FOR EACH ROW WHEN (OLD.is_trial IS DISTINCT FROM NEW.is_trial)
  EXECUTE FUNCTION "notify_viewer_changed"();--> statement-breakpoint
-- A post's like and comment counts as they are at commit, so kept pages show them without
-- asking (posts/post-counts.ts); 0029 keeps such updates from clearing the kept feeds.
CREATE FUNCTION "notify_post_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('zura_changes',
    'post_counts:' || NEW.id || ':' || NEW.like_count || ':' || NEW.comment_count);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_counts_changed" AFTER UPDATE OF "like_count", "comment_count" ON "posts"
  FOR EACH ROW
  WHEN (OLD.like_count IS DISTINCT FROM NEW.like_count OR OLD.comment_count IS DISTINCT FROM NEW.comment_count)
  EXECUTE FUNCTION "notify_post_counts"();--> statement-breakpoint
-- Who is suspended is kept once for every viewer (users/suspended-users.ts).
CREATE FUNCTION "notify_suspensions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('zura_changes', 'suspensions');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_suspensions_changed" AFTER UPDATE OF "suspended_at" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_suspensions"();
