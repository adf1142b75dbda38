import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';
import { idempotencyHeaders } from '../../lib/idempotency';
import { amountText } from './money';

/** GET /wallet/: the two balances and how payments are taken. */
const walletSummary = z.looseObject({
  balance_cents: z.number(),
  earnings_cents: z.number(),
  /** The part of the earnings that may be paid out: not what came from test-mode top-ups. */
  withdrawable_cents: z.number(),
  currency: z.string(),
  platform_fee_percent: z.number(),
  provider: z.string(),
  test_mode: z.boolean(),
});
export type WalletSummary = z.infer<typeof walletSummary>;

/** Kinds with a fee split (a fan paying a creator). */
export const PAYMENT_KINDS: ReadonlySet<string> = new Set([
  'subscription',
  'renewal',
  'tip',
  'message_unlock',
  'post_unlock',
]);

/** One line of the history, as the viewer sees it (newest first). */
const walletTransaction = z.looseObject({
  id: z.number(),
  kind: z.string(),
  description: z.string(),
  direction: z.enum(['in', 'out']),
  amount_cents: z.number(),
  fee_cents: z.number(),
  creator_cents: z.number(),
  net_cents: z.number(),
  counterparty: z.string().nullish(),
  created_at: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

export const payout = z.looseObject({
  id: z.number(),
  amount_cents: z.number(),
  status: z.string(),
  requested_at: z.string(),
  paid_at: z.string().nullish(),
});
export type Payout = z.infer<typeof payout>;

/** Test mode credits at once; a real provider answers where to pay. */
const topupAnswer = z.looseObject({
  status: z.enum(['credited', 'pending']),
  balance_cents: z.number().optional(),
  checkout_url: z.string().optional(),
});

export const walletKeys = {
  all: ['wallet'] as const,
  summary: () => [...walletKeys.all, 'summary'] as const,
  transactions: () => [...walletKeys.all, 'transactions'] as const,
  payouts: () => [...walletKeys.all, 'payouts'] as const,
};

export function walletQuery() {
  return queryOptions({
    queryKey: walletKeys.summary(),
    queryFn: ({ signal }) => api.get('/wallet/', { schema: walletSummary, signal }),
  });
}

const TRANSACTIONS_PAGE_SIZE = 50;

/** The `before` cursor of the next page: the last id of a full page, none after a short one. */
export function nextTransactionsCursor(
  page: readonly Pick<WalletTransaction, 'id'>[],
  limit = TRANSACTIONS_PAGE_SIZE,
): number | undefined {
  if (page.length < limit) return undefined;
  return page[page.length - 1]?.id;
}

export function transactionsPath(before: number | undefined, limit = TRANSACTIONS_PAGE_SIZE) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) params.set('before', String(before));
  return `/wallet/transactions/?${params.toString()}`;
}

export type TransactionPages = InfiniteData<WalletTransaction[]>;

export function transactionsQuery() {
  return infiniteQueryOptions({
    queryKey: walletKeys.transactions(),
    queryFn: ({ pageParam, signal }) =>
      api.get(transactionsPath(pageParam), { schema: z.array(walletTransaction), signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage: WalletTransaction[]) => nextTransactionsCursor(lastPage),
  });
}

/** Every loaded transaction, in order, without repeats (a new one can shift the pages). */
export function flattenTransactions(data: TransactionPages | undefined): WalletTransaction[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flat().filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

export function payoutsQuery() {
  return queryOptions({
    queryKey: walletKeys.payouts(),
    queryFn: ({ signal }) => api.get('/wallet/payouts/', { schema: z.array(payout), signal }),
  });
}

export function topUp(amountCents: number, idempotencyKey: string) {
  return api.post(
    '/wallet/topups/',
    { amount: amountText(amountCents) },
    { schema: topupAnswer, headers: idempotencyHeaders(idempotencyKey) },
  );
}

export function requestPayout(amountCents: number, idempotencyKey: string) {
  return api.post(
    '/wallet/payouts/',
    { amount: amountText(amountCents) },
    { schema: payout, headers: idempotencyHeaders(idempotencyKey) },
  );
}

/** Only a web address of the provider is followed for checkout. */
export function safeCheckoutUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
