import { z } from 'zod';
import {
  MAX_POST_PRICE_CENTS,
  MIN_POST_PRICE_CENTS,
  postPriceMessages,
} from './post-price-messages.ts';

export {
  MAX_POST_PRICE_CENTS,
  MIN_POST_PRICE_CENTS,
  postPriceMessages,
} from './post-price-messages.ts';

export type PostPriceProblems = { price_cents?: string; subscriber_price_cents?: string };

/**
 * What is wrong with a post's price and subscriber price (null: not set), by form field; the
 * composer and the server apply the same rules.
 */
export function postPriceProblems(
  priceCents: number | null,
  subscriberPriceCents: number | null,
): PostPriceProblems {
  const problems: PostPriceProblems = {};
  if (
    priceCents !== null &&
    (!Number.isInteger(priceCents) ||
      priceCents < MIN_POST_PRICE_CENTS ||
      priceCents > MAX_POST_PRICE_CENTS)
  ) {
    problems.price_cents = postPriceMessages.priceRange;
  }
  if (subscriberPriceCents === null) return problems;
  if (priceCents === null) {
    problems.subscriber_price_cents = postPriceMessages.subscriberPriceWithoutPrice;
  } else if (
    !Number.isInteger(subscriberPriceCents) ||
    (subscriberPriceCents !== 0 &&
      (subscriberPriceCents < MIN_POST_PRICE_CENTS || subscriberPriceCents >= priceCents))
  ) {
    problems.subscriber_price_cents = postPriceMessages.subscriberPriceRange;
  }
  return problems;
}

/**
 * What a post says about its sale, in dollars like a locked message's `price`. `price` is null
 * when the post is not for sale; `subscriber_price` null when subscribers pay the full price;
 * `price_for_viewer` is what opening it costs this viewer now (null: nothing to pay, because it
 * is not for sale, theirs, bought, free to them or opened by its password); `preview` is the
 * signed URL of a tiny blurred image while the post is closed to them (null without one).
 */
export const payPerViewFields = z.object({
  price: z.number().nullable(),
  subscriber_price: z.number().nullable(),
  price_for_viewer: z.number().nullable(),
  is_purchased: z.boolean(),
  preview: z.string().nullable(),
});
export type PayPerViewFields = z.infer<typeof payPerViewFields>;
