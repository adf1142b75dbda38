import { bundlePriceCents, discountedCents } from '@zura/contracts';
import type { Executor, Tx } from '../../db/client.ts';
import type { OfferAudience, SubscriptionOfferRow } from '../../db/schema/index.ts';
import { BadRequestError } from '../../lib/errors.ts';
import * as repo from './repo.ts';

export type FanHistory = { everSubscribed: boolean; hadExpired: boolean };

/** 'new': never subscribed to this creator; 'returning': had one that expired; or anyone. */
export function audienceAllows(audience: OfferAudience, history: FanHistory): boolean {
  if (audience === 'new') return !history.everSubscribed;
  if (audience === 'returning') return history.hadExpired;
  return true;
}

/** The discounts this fan may claim now, best first (the first is what the fan gets). */
export async function discountsFor(
  db: Executor,
  fanId: number,
  creatorId: number,
): Promise<SubscriptionOfferRow[]> {
  const history = await repo.historyWith(db, fanId, creatorId);
  const open = await repo.openDiscountsFor(db, creatorId, fanId);
  return open.filter((offer) => audienceAllows(offer.audience, history));
}

/** The first period of a new subscription, as the server prices it. */
export type FirstPeriod = {
  /** What is charged now. */
  chargeCents: number;
  /** What each renewal charges: the monthly price, or the bundle's price. */
  priceCents: number;
  periodMonths: number;
  /** The discount claimed, recorded in offer_claims once the subscription exists. */
  offerId: number | null;
  /** Extra keys of the ledger reference; the statement describes the charge from them. */
  reference: Record<string, number>;
};

/**
 * Prices a subscription inside the subscribe transaction. A bundle charges its months at once
 * and renews as the same bundle. A monthly subscription takes the best discount open to the fan:
 * the claim is taken under the offer's row lock, and an offer filled meanwhile gives way to the
 * next one, else to the regular price. A discount never combines with a bundle.
 */
export async function priceFirstPeriod(
  tx: Tx,
  input: { fanId: number; creatorId: number; monthlyCents: number; months: number },
): Promise<FirstPeriod> {
  const { fanId, creatorId, monthlyCents, months } = input;
  if (months > 1) {
    const bundle = monthlyCents > 0 ? await repo.findBundle(tx, creatorId, months) : undefined;
    if (!bundle) throw new BadRequestError(`This creator has no ${months}-month bundle.`);
    const price = bundlePriceCents(monthlyCents, months, bundle.discountPercent);
    return {
      chargeCents: price,
      priceCents: price,
      periodMonths: months,
      offerId: null,
      reference: { months, bundle_discount_percent: bundle.discountPercent },
    };
  }
  const regular: FirstPeriod = {
    chargeCents: monthlyCents,
    priceCents: monthlyCents,
    periodMonths: 1,
    offerId: null,
    reference: {},
  };
  if (monthlyCents === 0) return regular;
  for (const offer of await discountsFor(tx, fanId, creatorId)) {
    const claimed = await repo.takeClaim(tx, offer.id);
    if (!claimed?.discountPercent) continue;
    return {
      ...regular,
      chargeCents: discountedCents(monthlyCents, claimed.discountPercent),
      offerId: claimed.id,
      reference: { offer_id: claimed.id, discount_percent: claimed.discountPercent },
    };
  }
  return regular;
}

/** Records the fan's claim of the offer the subscription started from. */
export async function recordClaim(
  tx: Tx,
  values: { offerId: number; fanId: number; subscriptionId: number },
): Promise<void> {
  if (!(await repo.insertClaim(tx, values))) {
    throw new BadRequestError('You have already claimed this offer.');
  }
}
