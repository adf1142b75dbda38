import { creatorApplicationMessages, formatCents, type ReportAction } from '@zura/contracts';
import type { NewNotification } from './repo.ts';

/** Someone a notice names; an account deleted meanwhile has no username. */
type Person = { id: number; username: string | undefined };
type Named = { id: number; username: string };
type CommentFacts = { writer: Named; postId: number; commentId: number; excerpt: string };
type Unlock = { fan: Person; priceCents: number; creatorCents: number };

/**
 * What happened, as the services that saw it say it, and to whom (`to`). The texts users read
 * are written here only, from these facts: a service never composes a notification itself.
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

const REPORT_OUTCOMES: Record<ReportAction, string> = {
  dismiss: 'found no rule broken',
  remove_content: 'took action',
  suspend_user: 'took action',
};

/** " for $5.00/month", " for $12.00, 3 months", or nothing for a free subscription. */
function paidText(cents: number, periodMonths: number): string {
  if (cents === 0) return '';
  return ` for ${formatCents(cents)}${periodMonths > 1 ? `, ${periodMonths} months` : '/month'}`;
}

/** "luna liked your post", "luna and 1 other liked your post", "luna and 12 others …". */
function likeNoticeMessage(username: string, others: number): string {
  if (others <= 0) return `${username} liked your post`;
  return `${username} and ${others} ${others === 1 ? 'other' : 'others'} liked your post`;
}

function commentNotice(title: string, verb: string) {
  return ({ writer, postId, commentId, excerpt }: CommentFacts): Notice => ({
    type: 'comment',
    title,
    message: `${writer.username} ${verb}: ${excerpt}`,
    data: {
      post_id: postId,
      comment_id: commentId,
      sender_id: writer.id,
      sender_username: writer.username,
    },
  });
}

const NOTICES: { [K in Happening['kind']]: (happening: Of<K>) => Notice } = {
  followed: ({ follower }) => ({
    type: 'follow',
    title: 'New follower',
    message: `${follower.username ?? 'Someone'} started following you.`,
    data: { sender_id: follower.id, sender_username: follower.username ?? '' },
  }),
  liked: ({ liker, postId, likers }) => ({
    type: 'like',
    title: 'New like',
    message: likeNoticeMessage(liker.username, likers - 1),
    data: { post_id: postId, sender_id: liker.id, sender_username: liker.username, likers },
  }),
  subscribed: ({ fan, subscriptionId, priceCents, periodMonths }) => ({
    type: 'subscription',
    title: 'New subscriber',
    message: `${fan.username} subscribed to you${paidText(priceCents, periodMonths)}.`,
    data: {
      subscriber_id: fan.id,
      subscriber_username: fan.username,
      subscription_id: subscriptionId,
    },
  }),
  trial_started: ({ fan, subscriptionId, trialDays }) => ({
    type: 'subscription',
    title: 'New subscriber',
    message: `${fan.username} started a ${trialDays}-day free trial.`,
    data: {
      subscriber_id: fan.id,
      subscriber_username: fan.username,
      subscription_id: subscriptionId,
    },
  }),
  subscription_expired: ({ creator, subscriptionId, priceCents }) => ({
    type: 'subscription',
    title: 'Subscription expired',
    message: `Your subscription to ${creator.username} expired: your wallet did not cover ${formatCents(priceCents)}. Top up and subscribe again.`,
    data: { creator_id: creator.id, subscription_id: subscriptionId },
  }),
  price_raised: ({ creator, subscriptionId, keptCents, newCents }) => ({
    type: 'subscription',
    title: 'Subscription price raised',
    message:
      `${creator.username} raised the monthly price to ${formatCents(newCents)}. Your ` +
      `subscription keeps renewing at ${formatCents(keptCents)}; the new price ` +
      `applies only if you subscribe again.`,
    data: {
      creator_id: creator.id,
      subscription_id: subscriptionId,
      price_cents: keptCents,
      new_price_cents: newCents,
    },
  }),
  tipped: ({ fan, amountCents, creatorCents, reference }) => ({
    type: 'payment',
    title: 'New tip',
    message: `${fan.username} tipped you ${formatCents(amountCents)} (you receive ${formatCents(creatorCents)}).`,
    data: {
      sender_id: fan.id,
      sender_username: fan.username,
      amount_cents: amountCents,
      ...reference,
    },
  }),
  post_unlocked: ({ fan, postId, priceCents, creatorCents }) => ({
    type: 'unlock',
    title: 'Post unlocked',
    message: `${fan.username ?? 'A fan'} unlocked your post for ${formatCents(priceCents)} (you receive ${formatCents(creatorCents)}).`,
    data: {
      post_id: postId,
      sender_id: fan.id,
      sender_username: fan.username ?? '',
      amount_cents: priceCents,
    },
  }),
  message_unlocked: ({ fan, conversationId, messageId, priceCents, creatorCents }) => ({
    type: 'unlock',
    title: 'Message unlocked',
    message: `${fan.username ?? 'A fan'} unlocked your message for ${formatCents(priceCents)} (you receive ${formatCents(creatorCents)}).`,
    data: {
      conversation_id: conversationId,
      message_id: messageId,
      sender_id: fan.id,
      sender_username: fan.username ?? '',
    },
  }),
  commented: commentNotice('New comment', 'commented on your post'),
  replied: commentNotice('New reply', 'replied to your comment'),
  mentioned: commentNotice('New mention', 'mentioned you in a comment'),
  application_approved: ({ applicationId }) => ({
    type: 'system',
    title: 'Creator application approved',
    message: creatorApplicationMessages.approved,
    data: { application_id: applicationId },
  }),
  application_rejected: ({ applicationId, reason }) => ({
    type: 'system',
    title: 'Creator application not approved',
    message: `Your creator application was not approved: ${reason} You may apply again.`,
    data: { application_id: applicationId },
  }),
  content_removed: ({ targetType, targetId, note }) => ({
    type: 'system',
    title: 'Content removed',
    message: `A moderator removed your ${targetType}: ${note ?? ''}`,
    data: { target_type: targetType, target_id: targetId },
  }),
  report_reviewed: ({ reportIds, action }) => ({
    type: 'system',
    title: 'Report reviewed',
    message: `Thank you for your report. A moderator reviewed it and ${REPORT_OUTCOMES[action]}.`,
    data: { report_ids: reportIds },
  }),
};

/** The notification a happening writes for its recipient. */
export function noticeOf(happening: Happening): NewNotification {
  // The map is typed per kind; TypeScript cannot correlate a union's kind with its builder.
  const build = NOTICES[happening.kind] as (happening: Happening) => Notice;
  return { userId: happening.to, ...build(happening) };
}
