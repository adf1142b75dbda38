import type { SubscriptionRow } from '../../db/schema/index.ts';
import { type MediaUrlResolver, presentPrice } from '../users/index.ts';

export function presentSubscription(
  row: { subscription: SubscriptionRow; username: string; profileImageId: string | null },
  mediaUrl: MediaUrlResolver,
) {
  const s = row.subscription;
  const active = s.status === 'active';
  return {
    id: s.id,
    creator_id: s.creatorId,
    creator_details: {
      id: s.creatorId,
      username: row.username,
      profile_image: mediaUrl(row.profileImageId),
    },
    price: presentPrice(s.priceCents),
    price_cents: s.priceCents,
    status: s.status,
    period_months: s.periodMonths,
    is_trial: s.isTrial,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    next_billing: active && !s.cancelAtPeriodEnd ? s.currentPeriodEnd.toISOString() : null,
    active_until: active ? s.currentPeriodEnd.toISOString() : null,
    expired_on: s.expiredAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
  };
}
