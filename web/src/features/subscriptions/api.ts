import { queryOptions } from '@tanstack/react-query';
import type { fanSubscription, SubscribeMonths } from '@zura/contracts';
import type { z } from 'zod';
import { client } from '../../lib/api-client';
import { idempotencyHeaders } from '../../lib/idempotency';
import { subscriptionKeys } from '../../lib/query-keys';

/**
 * Spec §3 "Subscription", with the server's billing fields: the server serializes through the
 * contract's `fanSubscription`, so its type is the answer's shape.
 */
export type Subscription = z.infer<typeof fanSubscription>;

export interface MySubscriptions {
  active: Subscription[];
  expired: Subscription[];
}

/** Spec §7: GET /auth/subscriptions/active/ and /expired/, issued in parallel. */
export function mySubscriptionsQuery() {
  return queryOptions({
    queryKey: subscriptionKeys.mine(),
    queryFn: async ({ signal }): Promise<MySubscriptions> => {
      const [active, expired] = await Promise.all([
        client.GET('/api/auth/subscriptions/active/', { signal }),
        client.GET('/api/auth/subscriptions/expired/', { signal }),
      ]);
      return { active, expired };
    },
  });
}

/**
 * POST /auth/subscriptions/: pays the first month from the wallet (free costs nothing).
 * `shareEmail` is the fan's consent to show their email in the creator's audience export.
 */
export function subscribe(
  creatorId: number,
  idempotencyKey: string,
  shareEmail = false,
  months: SubscribeMonths = 1,
  expectedPriceCents?: number,
) {
  return client.POST('/api/auth/subscriptions/', {
    body: {
      creator_id: creatorId,
      ...(shareEmail ? { share_email: true } : {}),
      // A bundle's months; the server prices it (and any discount) itself.
      ...(months > 1 ? { months } : {}),
      // What the fan confirmed: the server answers 409 instead of charging another price.
      ...(expectedPriceCents !== undefined ? { expected_price_cents: expectedPriceCents } : {}),
    },
    headers: idempotencyHeaders(idempotencyKey),
  });
}

/** Stays active until `active_until`, then expires without renewing. */
export function cancelSubscription(subscriptionId: number) {
  return client.POST('/api/auth/subscriptions/{id}/cancel/', { path: { id: subscriptionId } });
}
