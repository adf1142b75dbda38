import { bundlePriceCents, discountedCents } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../lib/translator';
import { plansOf } from '../../payments/plans';
import { offerChargeTitle } from './statement';

describe('plansOf', () => {
  it('lists the month at its regular price when no discount applies', () => {
    expect(plansOf({ creator_id: 1, price_cents: 999, discount: null, bundles: [] })).toEqual([
      { months: 1, chargeCents: 999, renewCents: 999, discountPercent: null },
    ]);
  });

  it('charges the discounted first month, renews at the price, then lists bundles', () => {
    const plans = plansOf({
      creator_id: 1,
      price_cents: 999,
      discount: { offer_id: 4, discount_percent: 50, first_period_cents: 500, expires_at: null },
      bundles: [{ months: 3, discount_percent: 10, price_cents: 2697 }],
    });
    expect(plans).toEqual([
      { months: 1, chargeCents: 500, renewCents: 999, discountPercent: 50 },
      { months: 3, chargeCents: 2697, renewCents: 2697, discountPercent: 10 },
    ]);
  });
});

describe('offerChargeTitle', () => {
  // Echoes the key and its values, so the test reads which text was chosen.
  const t = ((key: string, values?: object) =>
    values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

  it('names trial conversions, bundles, discounts and bundle renewals', () => {
    const ref = (reference: object, kind = 'subscription') =>
      offerChargeTitle({ kind, reference }, t);
    expect(ref({ subscription_id: 1, offer_id: 2, trial: 1 })).toBe('offers.statement.trial');
    expect(ref({ subscription_id: 1, months: 3 })).toBe('offers.statement.bundle {"count":3}');
    expect(ref({ subscription_id: 1, offer_id: 2, discount_percent: 50 })).toBe(
      'offers.statement.discount {"percent":50}',
    );
    expect(ref({ subscription_id: 1, months: 12 }, 'renewal')).toBe(
      'offers.statement.bundleRenewal {"count":12}',
    );
  });

  it('leaves plain lines to their usual title', () => {
    expect(offerChargeTitle({ kind: 'subscription', reference: { subscription_id: 1 } }, t)).toBe(
      undefined,
    );
    expect(offerChargeTitle({ kind: 'renewal', reference: { subscription_id: 1 } }, t)).toBe(
      undefined,
    );
    expect(offerChargeTitle({ kind: 'tip', reference: { months: 3 } }, t)).toBe(undefined);
    expect(offerChargeTitle({ kind: 'subscription' }, t)).toBe(undefined);
  });
});

describe('offer prices', () => {
  it('round to the cent like the server', () => {
    expect(discountedCents(999, 50)).toBe(500);
    expect(bundlePriceCents(999, 3, 10)).toBe(2697);
    expect(bundlePriceCents(999, 12, 30)).toBe(8392);
  });
});
