/**
 * What a notification tells, as a kind and its facts (`data`): the row stores these, never a
 * sentence; each client renders the sentence in its reader's language (`renderNotice`).
 *
 * The facts of each kind (snake_case keys of `data`; amounts in cents with their `currency`):
 * - followed: sender_id, sender_username (null once the account is deleted)
 * - liked: post_id, sender_id, sender_username, likers (how many liked while it was unread)
 * - subscribed: subscriber_id, subscriber_username, subscription_id, price_cents, period_months, currency
 * - trial_started: subscriber_id, subscriber_username, subscription_id, trial_days
 * - subscription_expired: creator_id, creator_username, subscription_id, price_cents, currency
 * - price_raised: creator_id, creator_username, subscription_id, price_cents (kept),
 *   new_price_cents, currency
 * - tipped: sender_id, sender_username, amount_cents, creator_cents, currency, and the tip's
 *   reference (post_id or message_id...)
 * - post_unlocked: post_id, sender_id, sender_username, amount_cents, creator_cents, currency
 * - message_unlocked: conversation_id, message_id, sender_id, sender_username, amount_cents,
 *   creator_cents, currency
 * - commented, replied, mentioned: post_id, comment_id, sender_id, sender_username, excerpt
 * - application_approved: application_id
 * - application_rejected: application_id, reason (the moderator's words)
 * - content_removed: target_type (profile, post, message, comment), target_id, note (or null)
 * - report_reviewed: report_ids, outcome (`dismissed` or `actioned`)
 * - message_received: conversation_id, sender_id, sender_username, has_media, and either
 *   preview (the first 140 characters of the text, or null) or, locked, price_cents and currency
 * - call_started: conversation_id, sender_id, sender_username
 * - text: title, message: a notification written before kinds existed whose sentence could not
 *   be read back into facts (migration 0039); shown as it was written.
 */
export const NOTICE_KINDS = [
  'followed',
  'liked',
  'subscribed',
  'trial_started',
  'subscription_expired',
  'price_raised',
  'tipped',
  'post_unlocked',
  'message_unlocked',
  'commented',
  'replied',
  'mentioned',
  'application_approved',
  'application_rejected',
  'content_removed',
  'report_reviewed',
  'message_received',
  'call_started',
  'text',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
