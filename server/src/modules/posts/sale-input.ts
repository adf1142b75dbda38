import { postPriceMessages, postPriceProblems } from '@zura/contracts';
import type { Executor } from '../../db/client.ts';
import { ValidationError, type FieldErrors } from '../../lib/errors.ts';
import { findUserById } from '../users/index.ts';

export type SaleInput = { priceCents: number | null; subscriberPriceCents: number | null };

/** Cents as a form writes them: plain decimal digits, nothing else ('1e3', '5.0', '' refused). */
const CENTS_TEXT = /^(0|[1-9]\d{0,8})$/;

/**
 * The sale fields of a new post's form, `price_cents` and `subscriber_price_cents`: absent is
 * not for sale (or the full price for subscribers); anything but whole cents is a 400.
 */
export function saleFields(fields: Record<string, string>): SaleInput {
  const errors: FieldErrors = {};
  const read = (name: 'price_cents' | 'subscriber_price_cents') => {
    const text = fields[name];
    if (text === undefined) return null;
    if (CENTS_TEXT.test(text)) return Number(text);
    errors[name] = [postPriceMessages.wholeCents(name)];
    return null;
  };
  const sale = {
    priceCents: read('price_cents'),
    subscriberPriceCents: read('subscriber_price_cents'),
  };
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return sale;
}

/** What is wrong with a post's sale: only creators sell, within the bounds in contracts. */
export async function saleErrors(
  db: Executor,
  authorId: number,
  sale: SaleInput,
): Promise<FieldErrors> {
  if (sale.priceCents === null && sale.subscriberPriceCents === null) return {};
  const author = await findUserById(db, authorId);
  if (!author?.isCreator) return { price_cents: [postPriceMessages.creatorsOnly] };
  const problems = postPriceProblems(sale.priceCents, sale.subscriberPriceCents);
  const errors: FieldErrors = {};
  if (problems.price_cents) errors.price_cents = [problems.price_cents];
  if (problems.subscriber_price_cents) {
    errors.subscriber_price_cents = [problems.subscriber_price_cents];
  }
  return errors;
}
