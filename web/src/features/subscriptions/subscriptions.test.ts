import { describe, expect, it } from 'vitest';
import type { Subscription } from './api';
import {
  billingLine,
  creatorProfilePath,
  replaceSubscription,
  subscriptionPriceCents,
} from './pricing';
import { priceToCents } from '../../payments/price';

function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 1,
    creator_id: 7,
    creator_details: { id: 7, username: 'maya', profile_image: null },
    price: '4.99',
    price_cents: 499,
    status: 'active',
    period_months: 1,
    is_trial: false,
    cancel_at_period_end: false,
    next_billing: '2025-02-01T00:00:00Z',
    active_until: '2025-02-01T00:00:00Z',
    expired_on: null,
    created_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('prices', () => {
  it('reads the API price texts', () => {
    expect(priceToCents('4.99')).toBe(499);
    expect(priceToCents('19.99')).toBe(1999);
    expect(priceToCents('5')).toBe(500);
    expect(priceToCents('free')).toBe(0);
    expect(priceToCents(null)).toBeUndefined();
    expect(priceToCents('abc')).toBeUndefined();
  });

  it("prefers the server's cents", () => {
    expect(subscriptionPriceCents({ price: '4.99', price_cents: 499 })).toBe(499);
    expect(subscriptionPriceCents({ price: '9.99', price_cents: 899 })).toBe(899);
  });
});

describe('billing line', () => {
  it('shows the next billing of a running subscription', () => {
    expect(billingLine(makeSubscription())).toEqual({
      kind: 'next',
      date: '2025-02-01T00:00:00Z',
    });
  });

  it('shows until when a cancelled one stays active', () => {
    expect(
      billingLine(makeSubscription({ cancel_at_period_end: true, next_billing: null })),
    ).toEqual({ kind: 'until', date: '2025-02-01T00:00:00Z' });
  });

  it('shows when an expired one ended', () => {
    expect(
      billingLine(
        makeSubscription({
          status: 'expired',
          next_billing: null,
          active_until: null,
          expired_on: '2025-03-01T00:00:00Z',
        }),
      ),
    ).toEqual({ kind: 'expired', date: '2025-03-01T00:00:00Z' });
    expect(billingLine(makeSubscription({ status: 'expired', expired_on: null }))).toEqual({
      kind: 'none',
    });
  });
});

describe('rows', () => {
  it('open the creator profile by username', () => {
    expect(creatorProfilePath(makeSubscription())).toBe('/profile/maya');
    expect(
      creatorProfilePath(
        makeSubscription({
          creator_details: { id: 9, username: '', profile_image: null },
          creator_id: 9,
        }),
      ),
    ).toBe('/profile/9');
  });

  it('replace a cancelled subscription with the answer', () => {
    const list = [makeSubscription(), makeSubscription({ id: 2 })];
    const updated = makeSubscription({ cancel_at_period_end: true, next_billing: null });
    const next = replaceSubscription(list, updated);
    expect(next[0]?.cancel_at_period_end).toBe(true);
    expect(next[1]).toBe(list[1]);
  });
});
