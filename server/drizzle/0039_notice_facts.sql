-- Notifications keep their kind and facts, no sentence: every client renders the sentence in its
-- reader's language (renderNotice in @zura/contracts). Existing rows get their kind from the
-- type and English title they were written with, and the facts their sentence held but their
-- data did not (amounts, shares, excerpts, reasons) read back from it; a row that matches no
-- known sentence keeps its words as the facts of the kind `text`. Amounts read "$1234.50".
ALTER TABLE "notifications" ADD COLUMN "kind" text;
--> statement-breakpoint
CREATE FUNCTION pg_temp.cents_of(amount text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT round(replace(replace(amount, '$', ''), ',', '')::numeric * 100)::integer
$$;
--> statement-breakpoint
UPDATE "notifications" SET "kind" = CASE
  WHEN "type" = 'follow' THEN 'followed'
  WHEN "type" = 'like' THEN 'liked'
  WHEN "type" = 'message' THEN 'message_received'
  WHEN "type" = 'call' THEN 'call_started'
  WHEN "type" = 'subscription' AND "title" = 'New subscriber' AND "message" ~ ' started a \d+-day free trial\.$'
    THEN 'trial_started'
  WHEN "type" = 'subscription' AND "title" = 'New subscriber' THEN 'subscribed'
  WHEN "type" = 'subscription' AND "title" = 'Subscription expired' THEN 'subscription_expired'
  WHEN "type" = 'subscription' AND "title" = 'Subscription price raised' THEN 'price_raised'
  WHEN "type" = 'payment' AND "title" = 'New tip' THEN 'tipped'
  WHEN "type" = 'unlock' AND "title" = 'Post unlocked' THEN 'post_unlocked'
  WHEN "type" = 'unlock' AND "title" = 'Message unlocked' THEN 'message_unlocked'
  WHEN "type" = 'comment' AND "title" = 'New comment' THEN 'commented'
  WHEN "type" = 'comment' AND "title" = 'New reply' THEN 'replied'
  WHEN "type" = 'comment' AND "title" = 'New mention' THEN 'mentioned'
  WHEN "type" = 'system' AND "title" = 'Creator application approved' THEN 'application_approved'
  WHEN "type" = 'system' AND "title" = 'Creator application not approved' THEN 'application_rejected'
  WHEN "type" = 'system' AND "title" = 'Content removed' THEN 'content_removed'
  WHEN "type" = 'system' AND "title" = 'Report reviewed' THEN 'report_reviewed'
  ELSE 'text'
END;
--> statement-breakpoint
UPDATE "notifications" SET "data" = "data" || CASE "kind"
  WHEN 'followed' THEN jsonb_build_object('sender_username', nullif("data"->>'sender_username', ''))
  WHEN 'subscribed' THEN jsonb_build_object(
    'price_cents', coalesce(pg_temp.cents_of(substring("message" from ' for (\$[\d,.]+)')), 0),
    'period_months', coalesce(substring("message" from ', (\d+) months\.$')::integer, 1),
    'currency', 'USD')
  WHEN 'trial_started' THEN jsonb_build_object(
    'trial_days', substring("message" from ' started a (\d+)-day free trial\.$')::integer)
  WHEN 'subscription_expired' THEN jsonb_build_object(
    'creator_username', substring("message" from '^Your subscription to (.*) expired: '),
    'price_cents', pg_temp.cents_of(substring("message" from 'did not cover (\$[\d,.]+)\.')),
    'currency', 'USD')
  WHEN 'price_raised' THEN jsonb_build_object(
    'creator_username', substring("message" from '^(.*) raised the monthly price to '),
    'currency', 'USD')
  WHEN 'tipped' THEN jsonb_build_object(
    'creator_cents', pg_temp.cents_of(substring("message" from '\(you receive (\$[\d,.]+)\)')),
    'currency', 'USD')
  WHEN 'post_unlocked' THEN jsonb_build_object(
    'sender_username', nullif("data"->>'sender_username', ''),
    'creator_cents', pg_temp.cents_of(substring("message" from '\(you receive (\$[\d,.]+)\)')),
    'currency', 'USD')
  WHEN 'message_unlocked' THEN jsonb_build_object(
    'sender_username', nullif("data"->>'sender_username', ''),
    'amount_cents', pg_temp.cents_of(substring("message" from ' for (\$[\d,.]+) \(you receive')),
    'creator_cents', pg_temp.cents_of(substring("message" from '\(you receive (\$[\d,.]+)\)')),
    'currency', 'USD')
  WHEN 'commented' THEN jsonb_build_object('excerpt', substring("message" from ' commented on your post: (.*)$'))
  WHEN 'replied' THEN jsonb_build_object('excerpt', substring("message" from ' replied to your comment: (.*)$'))
  WHEN 'mentioned' THEN jsonb_build_object('excerpt', substring("message" from ' mentioned you in a comment: (.*)$'))
  WHEN 'application_rejected' THEN jsonb_build_object(
    'reason', substring("message" from '^Your creator application was not approved: (.*) You may apply again\.$'))
  WHEN 'content_removed' THEN jsonb_build_object(
    'note', nullif(substring("message" from '^A moderator removed your [a-z]+: (.*)$'), ''))
  WHEN 'report_reviewed' THEN jsonb_build_object(
    'outcome', CASE WHEN "message" LIKE '%found no rule broken.' THEN 'dismissed' ELSE 'actioned' END)
  WHEN 'message_received' THEN CASE
    WHEN "message" ~ '^Locked message · \$[\d,.]+$' THEN jsonb_build_object(
      'price_cents', pg_temp.cents_of(substring("message" from '^Locked message · (\$[\d,.]+)$')),
      'currency', 'USD')
    WHEN "message" = 'Sent an attachment' AND ("data"->>'has_media')::boolean IS TRUE
      THEN jsonb_build_object('preview', null)
    ELSE jsonb_build_object('preview', nullif("message", ''))
  END
  WHEN 'text' THEN jsonb_build_object('title', "title", 'message', "message")
  ELSE '{}'::jsonb
END;
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "kind" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "title";
--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "message";
