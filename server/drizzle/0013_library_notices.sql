-- Tells every instance whose media library changed (see 0011 for the channel): their uploads,
-- and the attachments of messages they sent (attachments are always the sender's own uploads).
-- Their posts' changes already say so ("posts_changed").
CREATE FUNCTION "notify_library_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  owner bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'uploads' THEN
    owner := changed.owner_id;
  ELSE
    SELECT owner_id INTO owner FROM uploads WHERE id = changed.upload_id;
  END IF;
  -- An attachment going with its upload: the upload's own notice says it.
  IF owner IS NOT NULL THEN
    PERFORM pg_notify('zura_changes', 'library_changed:' || owner);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "uploads_library_changed" AFTER INSERT OR UPDATE OR DELETE ON "uploads"
  FOR EACH ROW EXECUTE FUNCTION "notify_library_changed"();--> statement-breakpoint
CREATE TRIGGER "message_attachments_library_changed" AFTER INSERT OR DELETE ON "message_attachments"
  FOR EACH ROW EXECUTE FUNCTION "notify_library_changed"();
