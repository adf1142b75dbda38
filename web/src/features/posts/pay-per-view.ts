import { client } from '../../lib/api-client';
import { idempotencyHeaders } from '../../lib/idempotency';
import type { Post } from './api';

const cents = (dollars: number) => Math.round(dollars * 100);

/** What opening the post costs this viewer in cents, or undefined when it is not closed by a sale. */
export function saleCentsOf(post: Pick<Post, 'price_for_viewer'>): number | undefined {
  const price = post.price_for_viewer;
  return typeof price === 'number' && price > 0 ? cents(price) : undefined;
}

export function isClosedForSale(post: Pick<Post, 'price_for_viewer'>): boolean {
  return saleCentsOf(post) !== undefined;
}

/** POST /posts/{id}/purchase/ with the action's Idempotency-Key; answers the opened post. */
export function purchasePost(postId: number, idempotencyKey: string) {
  return client.POST('/api/posts/{id}/purchase/', {
    path: { id: postId },
    headers: idempotencyHeaders(idempotencyKey),
  });
}

/** The composer's choice for subscribers: the full price, free, or a discounted price. */
export type SubscriberPricing = 'full' | 'free' | 'discount';

/** Dollars as typed ('5', '4.99') in cents, or undefined when it is not such an amount. */
export function dollarsToCents(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The price fields the server reads, in cents (none when the post is not for sale). */
export function saleFormFields(sale: {
  forSale: boolean;
  price: string;
  subscribers: SubscriberPricing;
  subscriberPrice: string;
}): { price_cents?: string; subscriber_price_cents?: string } {
  if (!sale.forSale) return {};
  const priceCents = dollarsToCents(sale.price);
  const fields: { price_cents?: string; subscriber_price_cents?: string } = {
    price_cents: String(priceCents ?? sale.price),
  };
  if (sale.subscribers === 'free') fields.subscriber_price_cents = '0';
  if (sale.subscribers === 'discount') {
    fields.subscriber_price_cents = String(
      dollarsToCents(sale.subscriberPrice) ?? sale.subscriberPrice,
    );
  }
  return fields;
}
