import { bundlePriceCents, discountedCents } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { plansOf } from './plans';

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

describe('offer prices', () => {
  it('round to the cent like the server', () => {
    expect(discountedCents(999, 50)).toBe(500);
    expect(bundlePriceCents(999, 3, 10)).toBe(2697);
    expect(bundlePriceCents(999, 12, 30)).toBe(8392);
  });
});
