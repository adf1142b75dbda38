import { creatorApplicationMessages, renderNotice } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { noticeOf, type Happening } from './notices.ts';

const luna = { id: 7, username: 'luna' };
const gone = { id: 8, username: undefined };

/**
 * The English texts as the services wrote them before notices kept facts: the facts a happening
 * stores must render them word for word.
 */
const cases: [Happening, string, string][] = [
  [{ to: 1, kind: 'followed', follower: luna }, 'New follower', 'luna started following you.'],
  [{ to: 1, kind: 'followed', follower: gone }, 'New follower', 'Someone started following you.'],
  [{ to: 1, kind: 'liked', liker: luna, postId: 3, likers: 1 }, 'New like', 'luna liked your post'],
  [
    { to: 1, kind: 'liked', liker: luna, postId: 3, likers: 2 },
    'New like',
    'luna and 1 other liked your post',
  ],
  [
    { to: 1, kind: 'liked', liker: luna, postId: 3, likers: 13 },
    'New like',
    'luna and 12 others liked your post',
  ],
  [
    { to: 1, kind: 'subscribed', fan: luna, subscriptionId: 4, priceCents: 500, periodMonths: 1 },
    'New subscriber',
    'luna subscribed to you for $5.00/month.',
  ],
  [
    { to: 1, kind: 'subscribed', fan: luna, subscriptionId: 4, priceCents: 1200, periodMonths: 3 },
    'New subscriber',
    'luna subscribed to you for $12.00, 3 months.',
  ],
  [
    { to: 1, kind: 'subscribed', fan: luna, subscriptionId: 4, priceCents: 0, periodMonths: 1 },
    'New subscriber',
    'luna subscribed to you.',
  ],
  [
    { to: 1, kind: 'trial_started', fan: luna, subscriptionId: 4, trialDays: 7 },
    'New subscriber',
    'luna started a 7-day free trial.',
  ],
  [
    { to: 1, kind: 'subscription_expired', creator: luna, subscriptionId: 4, priceCents: 999 },
    'Subscription expired',
    'Your subscription to luna expired: your wallet did not cover $9.99. Top up and subscribe again.',
  ],
  [
    {
      to: 1,
      kind: 'price_raised',
      creator: luna,
      subscriptionId: 4,
      keptCents: 500,
      newCents: 800,
    },
    'Subscription price raised',
    'luna raised the monthly price to $8.00. Your subscription keeps renewing at $5.00; the new price applies only if you subscribe again.',
  ],
  [
    { to: 1, kind: 'tipped', fan: luna, amountCents: 1000, creatorCents: 800, reference: {} },
    'New tip',
    'luna tipped you $10.00 (you receive $8.00).',
  ],
  [
    { to: 1, kind: 'post_unlocked', fan: gone, postId: 3, priceCents: 300, creatorCents: 240 },
    'Post unlocked',
    'A fan unlocked your post for $3.00 (you receive $2.40).',
  ],
  [
    {
      to: 1,
      kind: 'message_unlocked',
      fan: luna,
      conversationId: 5,
      messageId: 6,
      priceCents: 300,
      creatorCents: 240,
    },
    'Message unlocked',
    'luna unlocked your message for $3.00 (you receive $2.40).',
  ],
  [
    { to: 1, kind: 'commented', writer: luna, postId: 3, commentId: 9, excerpt: 'Nice' },
    'New comment',
    'luna commented on your post: Nice',
  ],
  [
    { to: 1, kind: 'replied', writer: luna, postId: 3, commentId: 9, excerpt: 'Nice' },
    'New reply',
    'luna replied to your comment: Nice',
  ],
  [
    { to: 1, kind: 'mentioned', writer: luna, postId: 3, commentId: 9, excerpt: 'Nice' },
    'New mention',
    'luna mentioned you in a comment: Nice',
  ],
  [
    { to: 1, kind: 'application_approved', applicationId: 2 },
    'Creator application approved',
    creatorApplicationMessages.approved,
  ],
  [
    { to: 1, kind: 'application_rejected', applicationId: 2, reason: 'No ID.' },
    'Creator application not approved',
    'Your creator application was not approved: No ID. You may apply again.',
  ],
  [
    { to: 1, kind: 'content_removed', targetType: 'post', targetId: 3, note: 'Spam.' },
    'Content removed',
    'A moderator removed your post: Spam.',
  ],
  [
    { to: 1, kind: 'report_reviewed', reportIds: [1], action: 'dismiss' },
    'Report reviewed',
    'Thank you for your report. A moderator reviewed it and found no rule broken.',
  ],
  [
    { to: 1, kind: 'report_reviewed', reportIds: [1], action: 'suspend_user' },
    'Report reviewed',
    'Thank you for your report. A moderator reviewed it and took action.',
  ],
];

describe('notification facts', () => {
  it.each(cases)('%o reads "%s: %s"', (happening, title, message) => {
    const notice = noticeOf(happening);
    expect(notice.userId).toBe(1);
    expect(renderNotice(notice.kind, notice.data, 'en')).toEqual({ title, message });
  });

  it('keeps the data the web links from', () => {
    expect(noticeOf({ to: 1, kind: 'followed', follower: gone }).data).toEqual({
      sender_id: 8,
      sender_username: null,
    });
    const tip = { to: 2, kind: 'tipped', fan: luna, amountCents: 1000, creatorCents: 800 } as const;
    expect(noticeOf({ ...tip, reference: { creator_id: 2, post_id: 3 } })).toEqual({
      userId: 2,
      type: 'payment',
      kind: 'tipped',
      data: {
        sender_id: 7,
        sender_username: 'luna',
        amount_cents: 1000,
        creator_cents: 800,
        currency: 'USD',
        creator_id: 2,
        post_id: 3,
      },
    });
    expect(noticeOf({ to: 1, kind: 'liked', liker: luna, postId: 3, likers: 2 }).data).toEqual({
      post_id: 3,
      sender_id: 7,
      sender_username: 'luna',
      likers: 2,
    });
  });
});
