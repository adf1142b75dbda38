-- Tells every instance whose home feed authors changed: the people a user follows, and the
-- creators they subscribe to (see 0011 for the channel).
CREATE FUNCTION "notify_following_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'follows' THEN
    PERFORM pg_notify('zura_changes', 'following_changed:' || changed.follower_id);
  ELSE
    PERFORM pg_notify('zura_changes', 'following_changed:' || changed.fan_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "follows_following_changed" AFTER INSERT OR DELETE ON "follows"
  FOR EACH ROW EXECUTE FUNCTION "notify_following_changed"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_following_changed" AFTER INSERT OR UPDATE OF "status" OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "notify_following_changed"();
