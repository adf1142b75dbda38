import { priceToCents } from '../../payments/price';
import type { Subscription } from './api';

/** A subscription's monthly price in cents: the server's cents, else its price text. */
export function subscriptionPriceCents(
  item: Pick<Subscription, 'price' | 'price_cents'>,
): number | undefined {
  return item.price_cents ?? priceToCents(item.price);
}

/** What a row says about billing (spec: 'Next billing {date}' or 'Expired on {date}'). */
export type BillingLine =
  | { kind: 'next'; date: string }
  | { kind: 'until'; date: string }
  | { kind: 'expired'; date: string }
  | { kind: 'none' };

export function billingLine(
  item: Pick<
    Subscription,
    'status' | 'cancel_at_period_end' | 'next_billing' | 'active_until' | 'expired_on'
  >,
): BillingLine {
  if (item.status !== 'active') {
    return item.expired_on ? { kind: 'expired', date: item.expired_on } : { kind: 'none' };
  }
  if (item.cancel_at_period_end) {
    const date = item.active_until ?? item.next_billing;
    return date ? { kind: 'until', date } : { kind: 'none' };
  }
  const date = item.next_billing ?? item.active_until;
  return date ? { kind: 'next', date } : { kind: 'none' };
}

/** The profile path of a subscription's creator (spec: /profile/{username}). */
export function creatorProfilePath(item: Pick<Subscription, 'creator_details' | 'creator_id'>) {
  const username = item.creator_details.username;
  return username ? `/profile/${encodeURIComponent(username)}` : `/profile/${item.creator_id}`;
}

/** A cancelled subscription in a list, replaced by the server's answer. */
export function replaceSubscription(list: Subscription[], updated: Subscription): Subscription[] {
  return list.map((item) => (item.id === updated.id ? { ...item, ...updated } : item));
}
