-- A like or a comment changes only a post's kept counts; the feeds read current counts on
-- every page themselves, so such an update must not clear every instance's kept feed copies
-- (under many likes a second it would clear them constantly). Inserts, deletes and any other
-- change still notify as before.
DROP TRIGGER "posts_changed" ON "posts";--> statement-breakpoint
CREATE TRIGGER "posts_changed" AFTER INSERT OR DELETE ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "notify_posts_changed"();--> statement-breakpoint
CREATE TRIGGER "posts_changed_update" AFTER UPDATE ON "posts" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'like_count' - 'comment_count') IS DISTINCT FROM (to_jsonb(NEW) - 'like_count' - 'comment_count'))
  EXECUTE FUNCTION "notify_posts_changed"();
