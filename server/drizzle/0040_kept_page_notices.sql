-- What a conversation's kept first page depends on (messaging/kept-message-pages.ts): its
-- messages, their unlocks and attachments, its unread counters, its calls and the message notifications that
-- point at it. A change tells every instance to read that conversation's page again (see 0011
-- for the channel). Identical notices of one transaction reach listeners once.
CREATE FUNCTION "notify_conversation_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  conversation bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'conversations' THEN
    conversation := changed.id;
  ELSIF TG_TABLE_NAME IN ('message_unlocks', 'message_attachments') THEN
    SELECT m.conversation_id INTO conversation FROM messages m WHERE m.id = changed.message_id;
  ELSIF TG_TABLE_NAME = 'notifications' THEN
    IF (changed.data->>'conversation_id') !~ '^\d+$' THEN
      RETURN NULL;
    END IF;
    conversation := (changed.data->>'conversation_id')::bigint;
  ELSE
    conversation := changed.conversation_id;
  END IF;
  IF conversation IS NOT NULL THEN
    PERFORM pg_notify('zura_changes', 'conversation_changed:' || conversation);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_conversation_changed" AFTER INSERT OR UPDATE OR DELETE ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "notify_conversation_changed"();--> statement-breakpoint
CREATE TRIGGER "message_unlocks_conversation_changed" AFTER INSERT OR DELETE ON "message_unlocks"
  FOR EACH ROW EXECUTE FUNCTION "notify_conversation_changed"();--> statement-breakpoint
CREATE TRIGGER "message_attachments_conversation_changed" AFTER DELETE ON "message_attachments"
  FOR EACH ROW EXECUTE FUNCTION "notify_conversation_changed"();--> statement-breakpoint
CREATE TRIGGER "conversations_conversation_changed" AFTER UPDATE OR DELETE ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION "notify_conversation_changed"();--> statement-breakpoint
CREATE TRIGGER "calls_conversation_changed" AFTER INSERT OR UPDATE OR DELETE ON "calls"
  FOR EACH ROW EXECUTE FUNCTION "notify_conversation_changed"();--> statement-breakpoint
CREATE TRIGGER "notifications_conversation_changed" AFTER INSERT OR UPDATE ON "notifications"
  FOR EACH ROW WHEN (NEW.type = 'message') EXECUTE FUNCTION "notify_conversation_changed"();--> statement-breakpoint
CREATE TRIGGER "notifications_conversation_gone" AFTER DELETE ON "notifications"
  FOR EACH ROW WHEN (OLD.type = 'message') EXECUTE FUNCTION "notify_conversation_changed"();
--> statement-breakpoint
-- What a reader's kept notifications page depends on (notifications/kept-notification-pages.ts):
-- their rows, as written, read or deleted. Marking all read sends one notice, not one a row.
CREATE FUNCTION "notify_notifications_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('zura_changes', 'notifications_changed:' || changed.user_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_changed" AFTER INSERT OR UPDATE OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "notify_notifications_changed"();
