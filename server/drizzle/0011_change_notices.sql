-- Every instance keeps short-lived, shared copies of hot reads (the newest posts of the
-- everyone feed, which accounts exist). These triggers tell every instance, through
-- LISTEN/NOTIFY on the channel "zura_changes", when a write makes such a copy wrong. A
-- notification is sent at commit, and only once per transaction and payload.
CREATE FUNCTION "notify_feed_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('zura_changes', 'feed');
  RETURN NULL;
END $$;--> statement-breakpoint
-- Which author's posts changed; a transaction that changes many posts of one author (an
-- account deletion) sends one notice for them, as equal notices are sent once.
CREATE FUNCTION "notify_posts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('zura_changes', 'posts_changed:' || changed.author_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "notify_account_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('zura_changes', 'account_deleted:' || OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_changed" AFTER INSERT OR UPDATE OR DELETE ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "notify_posts_changed"();--> statement-breakpoint
-- Only the columns a feed shows or decides by: a follow or a login must not clear the feed.
CREATE TRIGGER "users_feed_changed"
  AFTER UPDATE OF "username", "profile_image_id", "is_creator", "subscription_price_cents", "is_profile_locked"
  ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();--> statement-breakpoint
CREATE TRIGGER "users_account_deleted" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_account_deleted"();--> statement-breakpoint
-- A finished image variant changes which URL a post's image has.
CREATE TRIGGER "uploads_feed_changed" AFTER UPDATE OF "variants" ON "uploads"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
