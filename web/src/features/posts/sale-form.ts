import { postPriceProblems } from '@zura/contracts';
import type { TFunction } from '../../lib/translator';
import type { z } from 'zod';
import { dollarsToCents, type SubscriberPricing } from './pay-per-view';

/** The composer's Price section, as typed. */
export interface SaleFormValues {
  for_sale: boolean;
  price: string;
  subscribers: SubscriberPricing;
  subscriber_price: string;
}

export const EMPTY_SALE: SaleFormValues = {
  for_sale: false,
  price: '',
  subscribers: 'full',
  subscriber_price: '',
};

/**
 * The server's price rules (`postPriceProblems` in contracts) on the composer's dollar fields:
 * a price from $1 to $1,000; for subscribers the full price, free, or a discount of at least $1
 * below the price.
 */
export function checkSale(values: SaleFormValues, ctx: z.RefinementCtx, t: TFunction) {
  if (!values.for_sale) return;
  const priceCents = dollarsToCents(values.price);
  if (priceCents === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['price'],
      message: t('payPerView.composer.priceInvalid'),
    });
    return;
  }
  const subscriberCents =
    values.subscribers === 'full'
      ? null
      : values.subscribers === 'free'
        ? 0
        : (dollarsToCents(values.subscriber_price) ?? Number.NaN);
  const problems = postPriceProblems(priceCents, subscriberCents);
  if (problems.price_cents) {
    ctx.addIssue({
      code: 'custom',
      path: ['price'],
      message: t('payPerView.composer.priceInvalid'),
    });
  }
  if (problems.subscriber_price_cents) {
    ctx.addIssue({
      code: 'custom',
      path: ['subscriber_price'],
      message: t('payPerView.composer.subscriberPriceInvalid'),
    });
  }
}
