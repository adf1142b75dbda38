import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';
import { idempotencyHeaders } from '../../lib/idempotency';

/** Spec §3 "Subscription", with the server's billing fields. */
const subscription = z.looseObject({
  id: z.number(),
  creator_id: z.number(),
  creator_details: z.looseObject({
    id: z.number().optional(),
    username: z.string(),
    profile_image: z.string().nullish(),
  }),
  price: z.string(),
  price_cents: z.number().optional(),
  status: z.string(),
  /** 1, or a bundle's months: the price covers that many months. */
  period_months: z.number().optional(),
  is_trial: z.boolean().optional(),
  cancel_at_period_end: z.boolean().default(false),
  next_billing: z.string().nullish(),
  active_until: z.string().nullish(),
  expired_on: z.string().nullish(),
  created_at: z.string().optional(),
});
export type Subscription = z.infer<typeof subscription>;

export interface MySubscriptions {
  active: Subscription[];
  expired: Subscription[];
}

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: () => [...subscriptionKeys.all, 'mine'] as const,
};

/** Spec §7: GET /auth/subscriptions/active/ and /expired/, issued in parallel. */
export function mySubscriptionsQuery() {
  return queryOptions({
    queryKey: subscriptionKeys.mine(),
    queryFn: async ({ signal }): Promise<MySubscriptions> => {
      const [active, expired] = await Promise.all([
        api.get('/auth/subscriptions/active/', { schema: z.array(subscription), signal }),
        api.get('/auth/subscriptions/expired/', { schema: z.array(subscription), signal }),
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
  months = 1,
  expectedPriceCents?: number,
) {
  return api.post(
    '/auth/subscriptions/',
    {
      creator_id: creatorId,
      ...(shareEmail ? { share_email: true } : {}),
      // A bundle's months; the server prices it (and any discount) itself.
      ...(months > 1 ? { months } : {}),
      // What the fan confirmed: the server answers 409 instead of charging another price.
      ...(expectedPriceCents !== undefined ? { expected_price_cents: expectedPriceCents } : {}),
    },
    { schema: subscription, headers: idempotencyHeaders(idempotencyKey) },
  );
}

/** Stays active until `active_until`, then expires without renewing. */
export function cancelSubscription(subscriptionId: number) {
  return api.post(`/auth/subscriptions/${subscriptionId}/cancel/`, undefined, {
    schema: subscription,
  });
}
