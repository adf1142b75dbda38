import { z } from 'zod';

/** Response schemas of the fan's subscription routes (`/api/auth/subscriptions/`). */

/** A price as the spec's payloads write it: 'free' or dollars with two decimals ('4.99'). */
export const priceText = z.string();

/** One subscription of the signed-in fan, with the creator it is to. */
export const fanSubscription = z.object({
  id: z.number().int(),
  creator_id: z.number().int(),
  creator_details: z.object({
    id: z.number().int(),
    username: z.string(),
    profile_image: z.string().nullable(),
  }),
  price: priceText,
  price_cents: z.number().int(),
  status: z.enum(['active', 'expired']),
  period_months: z.number().int(),
  is_trial: z.boolean(),
  cancel_at_period_end: z.boolean(),
  next_billing: z.string().nullable(),
  active_until: z.string().nullable(),
  expired_on: z.string().nullable(),
  created_at: z.string(),
});
export const fanSubscriptionList = z.array(fanSubscription);
