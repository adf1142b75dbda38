import type { ReportAction } from '@zura/contracts';
import type { NewNotification } from './repo.ts';

/** Someone a notice names; an account deleted meanwhile has no username. */
type Person = { id: number; username: string | undefined };
type Named = { id: number; username: string };
type CommentFacts = { writer: Named; postId: number; commentId: number; excerpt: string };
type Unlock = { fan: Person; priceCents: number; creatorCents: number };

/**
 * What happened, as the services that saw it say it, and to whom (`to`). A service never
 * composes a notification itself: it says what happened, and this module stores the facts.
 */
export type Happening = { to: number } & (
  | { kind: 'followed'; follower: Person }
  | { kind: 'liked'; liker: Named; postId: number; likers: number }
  | {
      kind: 'subscribed';
      fan: Named;
      subscriptionId: number;
      priceCents: number;
      periodMonths: number;
    }
  | { kind: 'trial_started'; fan: Named; subscriptionId: number; trialDays: number }
  | { kind: 'subscription_expired'; creator: Named; subscriptionId: number; priceCents: number }
  | {
      kind: 'price_raised';
      creator: Named;
      subscriptionId: number;
      keptCents: number;
      newCents: number;
    }
  | {
      kind: 'tipped';
      fan: Named;
      amountCents: number;
      creatorCents: number;
      reference: Record<string, number>;
    }
  | ({ kind: 'post_unlocked'; postId: number } & Unlock)
  | ({ kind: 'message_unlocked'; conversationId: number; messageId: number } & Unlock)
  | ({ kind: 'commented' } & CommentFacts)
  | ({ kind: 'replied' } & CommentFacts)
  | ({ kind: 'mentioned' } & CommentFacts)
  | { kind: 'application_approved'; applicationId: number }
  | { kind: 'application_rejected'; applicationId: number; reason: string }
  | { kind: 'content_removed'; targetType: string; targetId: number; note: string | null }
  | { kind: 'report_reviewed'; reportIds: number[]; action: ReportAction }
);

type Notice = Omit<NewNotification, 'userId'>;
type Of<K extends Happening['kind']> = Extract<Happening, { kind: K }>;

/** Every amount here is in dollars; the facts say so, for the formatter. */
const CURRENCY = 'USD';

function commentNotice(kind: 'commented' | 'replied' | 'mentioned') {
  return ({ writer, postId, commentId, excerpt }: CommentFacts): Notice => ({
    type: 'comment',
    kind,
    data: {
      post_id: postId,
      comment_id: commentId,
      sender_id: writer.id,
      sender_username: writer.username,
      excerpt,
    },
  });
}

/**
 * The facts each happening stores: what the sentence needs and what a click opens, never the
 * sentence (`renderNotice` in @zura/contracts writes it in the reader's language).
 */
const NOTICES: { [K in Happening['kind']]: (happening: Of<K>) => Notice } = {
  followed: ({ follower }) => ({
    type: 'follow',
    kind: 'followed',
    data: { sender_id: follower.id, sender_username: follower.username ?? null },
  }),
  liked: ({ liker, postId, likers }) => ({
    type: 'like',
    kind: 'liked',
    data: { post_id: postId, sender_id: liker.id, sender_username: liker.username, likers },
  }),
  subscribed: ({ fan, subscriptionId, priceCents, periodMonths }) => ({
    type: 'subscription',
    kind: 'subscribed',
    data: {
      subscriber_id: fan.id,
      subscriber_username: fan.username,
      subscription_id: subscriptionId,
      price_cents: priceCents,
      period_months: periodMonths,
      currency: CURRENCY,
    },
  }),
  trial_started: ({ fan, subscriptionId, trialDays }) => ({
    type: 'subscription',
    kind: 'trial_started',
    data: {
      subscriber_id: fan.id,
      subscriber_username: fan.username,
      subscription_id: subscriptionId,
      trial_days: trialDays,
    },
  }),
  subscription_expired: ({ creator, subscriptionId, priceCents }) => ({
    type: 'subscription',
    kind: 'subscription_expired',
    data: {
      creator_id: creator.id,
      creator_username: creator.username,
      subscription_id: subscriptionId,
      price_cents: priceCents,
      currency: CURRENCY,
    },
  }),
  price_raised: ({ creator, subscriptionId, keptCents, newCents }) => ({
    type: 'subscription',
    kind: 'price_raised',
    data: {
      creator_id: creator.id,
      creator_username: creator.username,
      subscription_id: subscriptionId,
      price_cents: keptCents,
      new_price_cents: newCents,
      currency: CURRENCY,
    },
  }),
  tipped: ({ fan, amountCents, creatorCents, reference }) => ({
    type: 'payment',
    kind: 'tipped',
    data: {
      sender_id: fan.id,
      sender_username: fan.username,
      amount_cents: amountCents,
      creator_cents: creatorCents,
      currency: CURRENCY,
      ...reference,
    },
  }),
  post_unlocked: ({ fan, postId, priceCents, creatorCents }) => ({
    type: 'unlock',
    kind: 'post_unlocked',
    data: {
      post_id: postId,
      sender_id: fan.id,
      sender_username: fan.username ?? null,
      amount_cents: priceCents,
      creator_cents: creatorCents,
      currency: CURRENCY,
    },
  }),
  message_unlocked: ({ fan, conversationId, messageId, priceCents, creatorCents }) => ({
    type: 'unlock',
    kind: 'message_unlocked',
    data: {
      conversation_id: conversationId,
      message_id: messageId,
      sender_id: fan.id,
      sender_username: fan.username ?? null,
      amount_cents: priceCents,
      creator_cents: creatorCents,
      currency: CURRENCY,
    },
  }),
  commented: commentNotice('commented'),
  replied: commentNotice('replied'),
  mentioned: commentNotice('mentioned'),
  application_approved: ({ applicationId }) => ({
    type: 'system',
    kind: 'application_approved',
    data: { application_id: applicationId },
  }),
  application_rejected: ({ applicationId, reason }) => ({
    type: 'system',
    kind: 'application_rejected',
    data: { application_id: applicationId, reason },
  }),
  content_removed: ({ targetType, targetId, note }) => ({
    type: 'system',
    kind: 'content_removed',
    data: { target_type: targetType, target_id: targetId, note },
  }),
  report_reviewed: ({ reportIds, action }) => ({
    type: 'system',
    kind: 'report_reviewed',
    // Removing the content and suspending its owner read the same to the reporter.
    data: { report_ids: reportIds, outcome: action === 'dismiss' ? 'dismissed' : 'actioned' },
  }),
};

/** The notification a happening writes for its recipient. */
export function noticeOf(happening: Happening): NewNotification {
  // The map is typed per kind; TypeScript cannot correlate a union's kind with its builder.
  const build = NOTICES[happening.kind] as (happening: Happening) => Notice;
  return { userId: happening.to, ...build(happening) };
}
