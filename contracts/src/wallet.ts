import { z } from 'zod';

/** Response schemas of the wallet routes: the server serializes through them. */

/** GET /api/wallet/: the two balances and how payments are taken. */
export const walletSummary = z.object({
  balance_cents: z.number().int(),
  earnings_cents: z.number().int(),
  /**
   * The part of the earnings a payout may take: live, not what came from test-mode top-ups; in
   * test mode, only that, paid into the simulated test account.
   */
  withdrawable_cents: z.number().int(),
  currency: z.string(),
  platform_fee_percent: z.number(),
  provider: z.string(),
  test_mode: z.boolean(),
});

export const TRANSACTION_KINDS = [
  'topup',
  'subscription',
  'renewal',
  'tip',
  'message_unlock',
  'post_unlock',
  'payout_request',
  'payout_paid',
] as const;

/** One line of a user's history, as that user sees it (newest first). */
export const walletTransaction = z.object({
  id: z.number().int(),
  kind: z.enum(TRANSACTION_KINDS),
  description: z.string(),
  direction: z.enum(['in', 'out']),
  amount_cents: z.number().int(),
  fee_cents: z.number().int(),
  creator_cents: z.number().int(),
  /** What this transaction changed for the viewer. */
  net_cents: z.number().int(),
  counterparty: z.string().nullable(),
  /** What the money was for (ids, months, a discount); its keys depend on the kind. */
  reference: z.record(z.string(), z.union([z.number(), z.string()])),
  created_at: z.string(),
});
export const walletTransactionList = z.array(walletTransaction);

export const PAYOUT_STATUSES = ['requested', 'paid'] as const;

export const payout = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  requested_at: z.string(),
  paid_at: z.string().nullable(),
  /** Paid into the simulated account of test mode: no money moves. */
  test_account: z.boolean(),
});
export const payoutList = z.array(payout);

/** The admin's payout queue: each payout with who asked for it (null once deleted). */
export const adminPayoutList = z.array(
  payout.extend({
    creator: z.object({
      id: z.number().int().nullable(),
      username: z.string().nullable(),
      email: z.string().nullable(),
    }),
  }),
);

/** Test mode credits at once; a real provider answers where to pay. */
export const topupAnswer = z.union([
  z.object({ status: z.literal('credited'), balance_cents: z.number().int() }),
  z.object({ status: z.literal('pending'), checkout_url: z.string() }),
]);

/** What the payment provider's webhook is answered. */
export const webhookAnswer = z.object({ received: z.literal(true), credited: z.boolean() });

/** POST /api/tips/: the tip as charged, and the fan's balance after it. */
export const tipAnswer = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  fee_cents: z.number().int(),
  creator_cents: z.number().int(),
  balance_cents: z.number().int(),
});
