import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import type { payout, walletSummary, walletTransaction } from '@zura/contracts';
import type { z } from 'zod';
import { client } from '../../lib/api-client';
import { idempotencyHeaders } from '../../lib/idempotency';
import { amountText } from '../../payments/money';
import { walletKeys } from '../../lib/query-keys';

/** The server serializes through the contracts' schemas, so their types are the answers' shapes. */
export type WalletSummary = z.infer<typeof walletSummary>;
/** One line of the history, as the viewer sees it (newest first). */
export type WalletTransaction = z.infer<typeof walletTransaction>;
export type Payout = z.infer<typeof payout>;

/** Kinds with a fee split (a fan paying a creator). */
export const PAYMENT_KINDS: ReadonlySet<string> = new Set([
  'subscription',
  'renewal',
  'tip',
  'message_unlock',
  'post_unlock',
]);

export function walletQuery() {
  return queryOptions({
    queryKey: walletKeys.summary(),
    queryFn: ({ signal }) => client.GET('/api/wallet/', { signal }),
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

/** The query of a page of GET /wallet/transactions/: `before` the cursor, when there is one. */
export function transactionsParams(before: number | undefined, limit = TRANSACTIONS_PAGE_SIZE) {
  return before === undefined ? { limit } : { limit, before };
}

export type TransactionPages = InfiniteData<WalletTransaction[]>;

export function transactionsQuery() {
  return infiniteQueryOptions({
    queryKey: walletKeys.transactions(),
    queryFn: ({ pageParam, signal }) =>
      client.GET('/api/wallet/transactions/', { query: transactionsParams(pageParam), signal }),
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
    queryFn: ({ signal }) => client.GET('/api/wallet/payouts/', { signal }),
  });
}

/** Test mode credits at once (`credited`); a real provider answers where to pay (`pending`). */
export function topUp(amountCents: number, idempotencyKey: string) {
  return client.POST('/api/wallet/topups/', {
    body: { amount: amountText(amountCents) },
    headers: idempotencyHeaders(idempotencyKey),
  });
}

export function requestPayout(amountCents: number, idempotencyKey: string) {
  return client.POST('/api/wallet/payouts/', {
    body: { amount: amountText(amountCents) },
    headers: idempotencyHeaders(idempotencyKey),
  });
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
