import { MAX_TIP_CENTS, MAX_TOPUP_CENTS, MIN_AMOUNT_CENTS, splitPayment } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-errors';
import { catalogueT as t } from '../../lib/test-helpers';
import {
  flattenTransactions,
  nextTransactionsCursor,
  safeCheckoutUrl,
  transactionsParams,
  type WalletTransaction,
} from './api';
import { amountText, CREATOR_SHARE_PERCENT, formatSignedCents } from '../../payments/money';
import { amountFormSchema, parseAmountCents } from '../../payments/amount-form';
import { paymentFailure } from '../../payments/payment-errors';

function tx(id: number): WalletTransaction {
  return {
    id,
    kind: 'tip',
    description: 'Tip',
    direction: 'out',
    amount_cents: 500,
    fee_cents: 50,
    creator_cents: 450,
    net_cents: -500,
    counterparty: 'maya',
    reference: { post_id: 3 },
    created_at: '2025-01-01T00:00:00Z',
  };
}

describe('money helpers', () => {
  it('writes cents as the API dollar string', () => {
    expect(amountText(1250)).toBe('12.50');
    expect(amountText(100)).toBe('1.00');
    expect(amountText(5)).toBe('0.05');
  });

  it('signs balance changes', () => {
    expect(formatSignedCents(450)).toBe('+$4.50');
    expect(formatSignedCents(-500)).toBe('-$5.00');
    expect(formatSignedCents(0)).toBe('$0.00');
  });

  it('keeps 90% for the creator', () => {
    // What a payment's split gives the creator, and the share the wallet says they keep.
    for (const cents of [100, 499, 1000, 2500, 100_000]) {
      const { creatorCents } = splitPayment(cents);
      expect(creatorCents, `${cents}`).toBe(Math.round(cents * 0.9));
      expect(creatorCents, `${cents}`).toBe(Math.round((cents * CREATOR_SHARE_PERCENT) / 100));
    }
  });

  it('parses what the user typed, only when valid', () => {
    expect(parseAmountCents('12.5', MIN_AMOUNT_CENTS, MAX_TIP_CENTS)).toBe(1250);
    expect(parseAmountCents(' 5 ', MIN_AMOUNT_CENTS, MAX_TIP_CENTS)).toBe(500);
    expect(parseAmountCents('0.50', MIN_AMOUNT_CENTS, MAX_TIP_CENTS)).toBeUndefined();
    expect(parseAmountCents('1.234', MIN_AMOUNT_CENTS, MAX_TIP_CENTS)).toBeUndefined();
    expect(parseAmountCents('abc', MIN_AMOUNT_CENTS, MAX_TIP_CENTS)).toBeUndefined();
    expect(parseAmountCents('', MIN_AMOUNT_CENTS, MAX_TIP_CENTS)).toBeUndefined();
  });

  it('validates the amount form with the shared messages', () => {
    const schema = amountFormSchema(MIN_AMOUNT_CENTS, MAX_TOPUP_CENTS);
    expect(schema.parse({ amount: '25' })).toEqual({ amount: 2500 });
    const tooSmall = schema.safeParse({ amount: '0.99' });
    expect(tooSmall.error?.issues[0]?.message).toBe(
      'The amount must be between $1.00 and $10000.00.',
    );
    const malformed = schema.safeParse({ amount: '-5' });
    expect(malformed.error?.issues[0]?.message).toBe(
      'Enter a positive amount in dollars with at most two decimals.',
    );
  });
});

describe('transactions pages', () => {
  it('asks for the next page before the last id of a full page', () => {
    expect(nextTransactionsCursor([tx(9), tx(8), tx(7)], 3)).toBe(7);
    expect(nextTransactionsCursor([tx(9), tx(8)], 3)).toBeUndefined();
    expect(nextTransactionsCursor([], 3)).toBeUndefined();
  });

  it('builds the page query', () => {
    expect(transactionsParams(undefined)).toEqual({ limit: 50 });
    expect(transactionsParams(42, 10)).toEqual({ limit: 10, before: 42 });
  });

  it('flattens pages without repeats', () => {
    const pages = {
      pages: [
        [tx(3), tx(2)],
        [tx(2), tx(1)],
      ],
      pageParams: [undefined, 2],
    };
    expect(flattenTransactions(pages).map((item) => item.id)).toEqual([3, 2, 1]);
    expect(flattenTransactions(undefined)).toEqual([]);
  });
});

describe('checkout address', () => {
  it('follows web addresses only', () => {
    expect(safeCheckoutUrl('https://checkout.stripe.com/c/pay/cs_1')).toBe(
      'https://checkout.stripe.com/c/pay/cs_1',
    );
    expect(safeCheckoutUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeCheckoutUrl('not a url')).toBeUndefined();
    expect(safeCheckoutUrl(undefined)).toBeUndefined();
  });
});

describe('payment failures', () => {
  const fallback = 'Failed.';

  it('tells short funds apart', () => {
    const failure = paymentFailure(
      new ApiError(402, { detail: 'Insufficient funds. Top up your wallet and try again.' }),
      t,
      fallback,
    );
    expect(failure).toEqual({
      message: 'Insufficient funds. Top up your wallet and try again.',
      insufficientFunds: true,
    });
    expect(paymentFailure(new ApiError(402, null), t, fallback).message).toBe(
      'Insufficient funds. Top up your wallet and try again.',
    );
  });

  it("shows the server's message for other refusals", () => {
    expect(
      paymentFailure(new ApiError(400, { error: 'You cannot tip yourself.' }), t, fallback),
    ).toEqual({ message: 'You cannot tip yourself.', insufficientFunds: false });
    expect(
      paymentFailure(
        new ApiError(400, { detail: 'You are already subscribed to this creator.' }),
        t,
        fallback,
      ).message,
    ).toBe('You are already subscribed to this creator.');
    expect(
      paymentFailure(
        new ApiError(400, { amount: ['The amount must be between $1.00 and $1000.00.'] }),
        t,
        fallback,
      ).message,
    ).toBe('The amount must be between $1.00 and $1000.00.');
  });

  it('falls back for server errors, offline and reused keys', () => {
    expect(paymentFailure(new ApiError(500, { detail: 'boom' }), t, fallback).message).toBe(
      fallback,
    );
    expect(paymentFailure(new NetworkError(), t, fallback).message).toBe(fallback);
    expect(
      paymentFailure(
        new ApiError(422, { detail: 'This Idempotency-Key was already used' }),
        t,
        fallback,
      ).message,
    ).toBe(fallback);
  });
});
