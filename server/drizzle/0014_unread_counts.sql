-- Taken first, in the order a send takes them (conversations, then notifications): an instance
-- still sending while this runs waits for it instead of deadlocking with the triggers created below.
LOCK TABLE "conversations", "notifications" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "unread_counts" (
	"user_id" bigint NOT NULL,
	"slot" smallint NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"notifications" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "unread_counts_user_id_slot_pk" PRIMARY KEY("user_id","slot")
);
--> statement-breakpoint
ALTER TABLE "unread_counts" ADD CONSTRAINT "unread_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Adds to one user's unread counts, in the slot of the connection that writes (its backend pid,
-- modulo 16), creating the row on first use. A badge is the sum of a user's slots: many sends to
-- one popular creator at once then wait on up to 16 rows, not all on one row until each commits.
-- A user deleted earlier in the same transaction is skipped (their rows went with them).
CREATE FUNCTION "add_to_unread_counts"(target bigint, message_change integer, notification_change integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- PL/pgSQL keeps this statement's plan for the connection's life; a SQL function may plan it on
  -- every call.
  INSERT INTO unread_counts AS counts (user_id, slot, messages, notifications)
  SELECT target, pg_backend_pid() % 16, message_change, notification_change
   WHERE EXISTS (SELECT 1 FROM users WHERE users.id = target)
  ON CONFLICT (user_id, slot) DO UPDATE
    SET messages = counts.messages + excluded.messages,
        notifications = counts.notifications + excluded.notifications;
END $$;--> statement-breakpoint
-- Unread notifications. A new one is a row trigger (the busy path: one per message sent), and only
-- for an unread row. Reads and deletions are statement triggers that see all rows of a statement
-- at once (transition tables): marking 100,000 read is one change. They change users in id order.
CREATE FUNCTION "count_new_unread_notification"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_to_unread_counts(NEW.user_id, 0, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "count_unread_notifications_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    FOR changed IN
      SELECT user_id, -count(*)::int AS n FROM old_rows WHERE NOT is_read GROUP BY user_id ORDER BY user_id
    LOOP
      PERFORM add_to_unread_counts(changed.user_id, 0, changed.n);
    END LOOP;
  ELSE
    FOR changed IN
      SELECT user_id, sum(n)::int AS n
        FROM (SELECT user_id, -1 AS n FROM old_rows WHERE NOT is_read
              UNION ALL
              SELECT user_id, 1 FROM new_rows WHERE NOT is_read) d
       GROUP BY user_id HAVING sum(n) <> 0 ORDER BY user_id
    LOOP
      PERFORM add_to_unread_counts(changed.user_id, 0, changed.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_unread_inserted" AFTER INSERT ON "notifications"
  FOR EACH ROW WHEN (NOT NEW.is_read) EXECUTE FUNCTION "count_new_unread_notification"();--> statement-breakpoint
CREATE TRIGGER "notifications_unread_updated" AFTER UPDATE ON "notifications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_unread_notifications_changed"();--> statement-breakpoint
CREATE TRIGGER "notifications_unread_deleted" AFTER DELETE ON "notifications"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_unread_notifications_changed"();--> statement-breakpoint
-- Unread messages: each side's unread count of a conversation belongs to that side's user. Row
-- triggers, only when a count or a side changed (a send, a read, an account deleted and its side
-- set to null). Each side is handled on its own and only if its own user or count changed, so a
-- statement locks the counts of no one else (a deleted account's conversations touch nobody's).
CREATE FUNCTION "move_unread_messages"(old_user bigint, old_count integer, new_user bigint, new_count integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF old_user IS NOT DISTINCT FROM new_user THEN
    IF new_count <> old_count THEN
      PERFORM add_to_unread_counts(new_user, new_count - old_count, 0);
    END IF;
    RETURN;
  END IF;
  -- Another user on this side (or none): take away what the old one had, add what the new one has.
  IF old_count <> 0 THEN PERFORM add_to_unread_counts(old_user, -old_count, 0); END IF;
  IF new_count <> 0 THEN PERFORM add_to_unread_counts(new_user, new_count, 0); END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "count_unread_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM move_unread_messages(NULL, 0, NEW.user_low_id, NEW.low_unread);
    PERFORM move_unread_messages(NULL, 0, NEW.user_high_id, NEW.high_unread);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM move_unread_messages(OLD.user_low_id, OLD.low_unread, NULL, 0);
    PERFORM move_unread_messages(OLD.user_high_id, OLD.high_unread, NULL, 0);
  ELSE
    PERFORM move_unread_messages(OLD.user_low_id, OLD.low_unread, NEW.user_low_id, NEW.low_unread);
    PERFORM move_unread_messages(OLD.user_high_id, OLD.high_unread, NEW.user_high_id, NEW.high_unread);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_unread_inserted" AFTER INSERT ON "conversations"
  FOR EACH ROW WHEN (NEW.low_unread <> 0 OR NEW.high_unread <> 0)
  EXECUTE FUNCTION "count_unread_messages"();--> statement-breakpoint
CREATE TRIGGER "conversations_unread_updated" AFTER UPDATE ON "conversations"
  FOR EACH ROW WHEN (NEW.low_unread <> OLD.low_unread OR NEW.high_unread <> OLD.high_unread
                     OR NEW.user_low_id IS DISTINCT FROM OLD.user_low_id
                     OR NEW.user_high_id IS DISTINCT FROM OLD.user_high_id)
  EXECUTE FUNCTION "count_unread_messages"();--> statement-breakpoint
CREATE TRIGGER "conversations_unread_deleted" AFTER DELETE ON "conversations"
  FOR EACH ROW WHEN (OLD.low_unread <> 0 OR OLD.high_unread <> 0)
  EXECUTE FUNCTION "count_unread_messages"();--> statement-breakpoint
-- TRUNCATE fires no row or statement trigger of the above: it empties the counts it made wrong.
CREATE FUNCTION "forget_unread_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'notifications' THEN
    UPDATE unread_counts SET notifications = 0 WHERE notifications <> 0;
  ELSE
    UPDATE unread_counts SET messages = 0 WHERE messages <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_unread_truncated" AFTER TRUNCATE ON "notifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "forget_unread_counts"();--> statement-breakpoint
CREATE TRIGGER "conversations_unread_truncated" AFTER TRUNCATE ON "conversations"
  FOR EACH STATEMENT EXECUTE FUNCTION "forget_unread_counts"();--> statement-breakpoint
-- The counts of what is already there.
INSERT INTO unread_counts (user_id, slot, messages, notifications)
SELECT id, 0, messages, notifications
  FROM (SELECT users.id,
               coalesce((SELECT sum(CASE WHEN c.user_low_id = users.id THEN c.low_unread ELSE c.high_unread END)
                           FROM conversations c
                          WHERE c.user_low_id = users.id OR c.user_high_id = users.id), 0) AS messages,
               (SELECT count(*) FROM notifications n WHERE n.user_id = users.id AND NOT n.is_read) AS notifications
          FROM users) counted
 WHERE messages <> 0 OR notifications <> 0;
