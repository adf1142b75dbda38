type Titled = { title: string; message: string };
/** Plural forms by Intl.PluralRules category; `other` is the fallback of the rest. */
type Plural = { one: string; other: string };

/**
 * Every notification sentence in every language the settings offer, `{name}` replaced by
 * `renderNotice`. They live in the contracts, not in the web's catalogue, because the server
 * renders them too: a Web Push goes out in its recipient's language, and the server's image
 * holds no web sources. English is here, the other four in notice-translations.ts: keep the
 * five in step (notice-render.test.ts checks their placeholders).
 */
export type NoticeTexts = {
  someone: string;
  aFan: string;
  followed: Titled;
  liked: { title: string; alone: string; others: Plural };
  subscribed: { title: string; free: string; monthly: string; months: string };
  trialStarted: Titled;
  subscriptionExpired: Titled;
  priceRaised: Titled;
  tipped: Titled;
  postUnlocked: Titled;
  messageUnlocked: Titled;
  commented: Titled;
  replied: Titled;
  mentioned: Titled;
  applicationApproved: Titled;
  applicationRejected: Titled;
  contentRemoved: Titled & { targets: Record<'profile' | 'post' | 'message' | 'comment', string> };
  reportReviewed: { title: string; dismissed: string; actioned: string };
  messageReceived: { title: string; locked: string; attachment: string };
  callStarted: Titled;
};

export const ENGLISH_NOTICES: NoticeTexts = {
  someone: 'Someone',
  aFan: 'A fan',
  followed: { title: 'New follower', message: '{user} started following you.' },
  liked: {
    title: 'New like',
    alone: '{user} liked your post',
    others: {
      one: '{user} and {count} other liked your post',
      other: '{user} and {count} others liked your post',
    },
  },
  subscribed: {
    title: 'New subscriber',
    free: '{user} subscribed to you.',
    monthly: '{user} subscribed to you for {price}/month.',
    months: '{user} subscribed to you for {price}, {months} months.',
  },
  trialStarted: { title: 'New subscriber', message: '{user} started a {days}-day free trial.' },
  subscriptionExpired: {
    title: 'Subscription expired',
    message:
      'Your subscription to {creator} expired: your wallet did not cover {price}. Top up and subscribe again.',
  },
  priceRaised: {
    title: 'Subscription price raised',
    message:
      '{creator} raised the monthly price to {newPrice}. Your subscription keeps renewing at {price}; the new price applies only if you subscribe again.',
  },
  tipped: { title: 'New tip', message: '{user} tipped you {amount} (you receive {share}).' },
  postUnlocked: {
    title: 'Post unlocked',
    message: '{user} unlocked your post for {amount} (you receive {share}).',
  },
  messageUnlocked: {
    title: 'Message unlocked',
    message: '{user} unlocked your message for {amount} (you receive {share}).',
  },
  commented: { title: 'New comment', message: '{user} commented on your post: {excerpt}' },
  replied: { title: 'New reply', message: '{user} replied to your comment: {excerpt}' },
  mentioned: { title: 'New mention', message: '{user} mentioned you in a comment: {excerpt}' },
  applicationApproved: {
    title: 'Creator application approved',
    message: 'Your creator application has been approved!',
  },
  applicationRejected: {
    title: 'Creator application not approved',
    message: 'Your creator application was not approved: {reason} You may apply again.',
  },
  contentRemoved: {
    title: 'Content removed',
    message: 'A moderator removed your {target}: {note}',
    targets: { profile: 'profile', post: 'post', message: 'message', comment: 'comment' },
  },
  reportReviewed: {
    title: 'Report reviewed',
    dismissed: 'Thank you for your report. A moderator reviewed it and found no rule broken.',
    actioned: 'Thank you for your report. A moderator reviewed it and took action.',
  },
  messageReceived: {
    title: 'New message from {user}',
    locked: 'Locked message · {price}',
    attachment: 'Sent an attachment',
  },
  callStarted: { title: '{user} is calling', message: '{user} started a video call' },
};
