import type { ledgerTransactions } from '../../db/schema/index.ts';

type TransactionRow = typeof ledgerTransactions.$inferSelect;

const DESCRIPTIONS: Record<TransactionRow['kind'], string> = {
  topup: 'Wallet top-up',
  subscription: 'Subscription',
  renewal: 'Subscription renewal',
  tip: 'Tip',
  message_unlock: 'Unlocked message',
  post_unlock: 'Unlocked post',
  payout_request: 'Payout requested',
  payout_paid: 'Payout paid',
};

/**
 * One line of a user's history. Payments show both sides of the split: what the fan paid, the
 * platform's 10% and the creator's 90%.
 */
export function presentTransaction(
  row: { transaction: TransactionRow; payerUsername: string | null; payeeUsername: string | null },
  viewerId: number,
) {
  const t = row.transaction;
  const incoming = t.payeeId === viewerId && t.payerId !== viewerId;
  const creatorShare = t.amountCents - t.feeCents;
  return {
    id: t.id,
    kind: t.kind,
    description: DESCRIPTIONS[t.kind],
    direction: incoming ? ('in' as const) : ('out' as const),
    amount_cents: t.amountCents,
    fee_cents: t.feeCents,
    creator_cents: creatorShare,
    /** What this transaction changed for the viewer. */
    net_cents: incoming ? (t.kind === 'topup' ? t.amountCents : creatorShare) : -t.amountCents,
    counterparty: incoming ? row.payerUsername : row.payeeUsername,
    reference: t.reference,
    created_at: t.createdAt.toISOString(),
  };
}
