CREATE TABLE "unread_counts" (
	"user_id" bigint NOT NULL,
	"slot" smallint NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"notifications" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "unread_counts_user_id_slot_pk" PRIMARY KEY("user_id","slot")
);
--> statement-breakpoint
ALTER TABLE "unread_counts" ADD CONSTRAINT "unread_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Adds to users' unread counts, in the slot of the connection that writes (its backend pid, modulo
-- 16), creating the row on first use. A badge is the sum of a user's slots: many sends to one
-- popular creator at once then wait on up to 16 rows, not all on one row until each commits. Rows
-- are written in user order, so two statements in one slot never deadlock on each other's
-- counts. A user deleted earlier in the same transaction is skipped (their rows went with them).
CREATE FUNCTION "change_unread_counts"(changed_users bigint[], message_changes integer[], notification_changes integer[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO unread_counts AS counts (user_id, slot, messages, notifications)
  SELECT c.user_id, pg_backend_pid() % 16, c.messages, c.notifications
    FROM unnest(changed_users, message_changes, notification_changes) AS c(user_id, messages, notifications)
   WHERE EXISTS (SELECT 1 FROM users WHERE users.id = c.user_id)
   ORDER BY c.user_id
  ON CONFLICT (user_id, slot) DO UPDATE
    SET messages = counts.messages + excluded.messages,
        notifications = counts.notifications + excluded.notifications
$$;--> statement-breakpoint
-- Unread notifications: +1 for each unread row inserted, -1 for each unread row read or deleted.
-- Statement triggers see all rows of a statement at once: marking 100,000 read is one change.
CREATE FUNCTION "count_unread_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_users bigint[];
  changes integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(n) INTO changed_users, changes
      FROM (SELECT user_id, count(*)::int AS n FROM new_rows WHERE NOT is_read GROUP BY user_id) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(n) INTO changed_users, changes
      FROM (SELECT user_id, -count(*)::int AS n FROM old_rows WHERE NOT is_read GROUP BY user_id) c;
  ELSE
    SELECT array_agg(user_id), array_agg(n) INTO changed_users, changes
      FROM (SELECT user_id, sum(n)::int AS n
              FROM (SELECT user_id, -1 AS n FROM old_rows WHERE NOT is_read
                    UNION ALL
                    SELECT user_id, 1 FROM new_rows WHERE NOT is_read) d
             GROUP BY user_id HAVING sum(n) <> 0) c;
  END IF;
  IF changed_users IS NOT NULL THEN
    PERFORM change_unread_counts(changed_users, array_fill(0, ARRAY[cardinality(changed_users)]), changes);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_unread_inserted" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_unread_notifications"();--> statement-breakpoint
CREATE TRIGGER "notifications_unread_updated" AFTER UPDATE ON "notifications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_unread_notifications"();--> statement-breakpoint
CREATE TRIGGER "notifications_unread_deleted" AFTER DELETE ON "notifications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_unread_notifications"();--> statement-breakpoint
-- Unread messages: each side's unread count of each conversation belongs to that side's user. A
-- change adds the new counts and takes away the old ones, which also covers a side whose account
-- was deleted (set to null).
CREATE FUNCTION "count_unread_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_users bigint[];
  changes integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(n) INTO changed_users, changes
      FROM (SELECT user_id, sum(n)::int AS n
              FROM (SELECT user_low_id AS user_id, low_unread AS n FROM new_rows
                    UNION ALL
                    SELECT user_high_id, high_unread FROM new_rows) d
             WHERE user_id IS NOT NULL GROUP BY user_id HAVING sum(n) <> 0) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(n) INTO changed_users, changes
      FROM (SELECT user_id, -sum(n)::int AS n
              FROM (SELECT user_low_id AS user_id, low_unread AS n FROM old_rows
                    UNION ALL
                    SELECT user_high_id, high_unread FROM old_rows) d
             WHERE user_id IS NOT NULL GROUP BY user_id HAVING sum(n) <> 0) c;
  ELSE
    SELECT array_agg(user_id), array_agg(n) INTO changed_users, changes
      FROM (SELECT user_id, sum(n)::int AS n
              FROM (SELECT user_low_id AS user_id, low_unread AS n FROM new_rows
                    UNION ALL
                    SELECT user_high_id, high_unread FROM new_rows
                    UNION ALL
                    SELECT user_low_id, -low_unread FROM old_rows
                    UNION ALL
                    SELECT user_high_id, -high_unread FROM old_rows) d
             WHERE user_id IS NOT NULL GROUP BY user_id HAVING sum(n) <> 0) c;
  END IF;
  IF changed_users IS NOT NULL THEN
    PERFORM change_unread_counts(changed_users, changes, array_fill(0, ARRAY[cardinality(changed_users)]));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_unread_inserted" AFTER INSERT ON "conversations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_unread_messages"();--> statement-breakpoint
CREATE TRIGGER "conversations_unread_updated" AFTER UPDATE ON "conversations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_unread_messages"();--> statement-breakpoint
CREATE TRIGGER "conversations_unread_deleted" AFTER DELETE ON "conversations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_unread_messages"();--> statement-breakpoint
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
