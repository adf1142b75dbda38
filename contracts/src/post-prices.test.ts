import { describe, expect, it } from 'vitest';
import { postPriceMessages, postPriceProblems } from './post-prices.ts';

describe('postPriceProblems', () => {
  it('accepts a price from $1 to $1,000 and subscribers free or at a discount below it', () => {
    expect(postPriceProblems(null, null)).toEqual({});
    expect(postPriceProblems(100, null)).toEqual({});
    expect(postPriceProblems(100_000, 0)).toEqual({});
    expect(postPriceProblems(1000, 100)).toEqual({});
    expect(postPriceProblems(1000, 999)).toEqual({});
  });

  it('names the field that is wrong', () => {
    expect(postPriceProblems(99, null)).toEqual({ price_cents: postPriceMessages.priceRange });
    expect(postPriceProblems(100_001, null)).toEqual({ price_cents: postPriceMessages.priceRange });
    expect(postPriceProblems(10.5, null)).toEqual({ price_cents: postPriceMessages.priceRange });
    expect(postPriceProblems(null, 0)).toEqual({
      subscriber_price_cents: postPriceMessages.subscriberPriceWithoutPrice,
    });
    for (const subscriber of [1000, 1001, 99, -1, Number.NaN]) {
      expect(postPriceProblems(1000, subscriber)).toEqual({
        subscriber_price_cents: postPriceMessages.subscriberPriceRange,
      });
    }
  });
});
