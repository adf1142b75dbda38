import { formatCents, MAX_TIP_CENTS, MIN_AMOUNT_CENTS } from './money-amounts.ts';

/**
 * Pay-per-view posts: a post's price has the bounds of tips and locked messages ($1 to
 * $1,000). Subscribers may be given the post free (0) or at a discount: at least the minimum
 * and below the full price.
 */
export const MIN_POST_PRICE_CENTS = MIN_AMOUNT_CENTS;
export const MAX_POST_PRICE_CENTS = MAX_TIP_CENTS;

export const postPriceMessages = {
  priceRange: `The price must be between ${formatCents(MIN_POST_PRICE_CENTS)} and ${formatCents(MAX_POST_PRICE_CENTS)}.`,
  subscriberPriceWithoutPrice: 'Set a price before a price for subscribers.',
  subscriberPriceRange: `The subscriber price must be 0 (free), or at least ${formatCents(MIN_POST_PRICE_CENTS)} and less than the price.`,
  creatorsOnly: 'Only creators can sell posts. Become a creator to set a price.',
  wholeCents: (field: string) => `${field} must be a whole number of cents.`,
} as const;
