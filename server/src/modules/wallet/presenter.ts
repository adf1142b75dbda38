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
 * A subscription charge said in full from its reference: a bundle's months, a first month's
 * discount, a converted free trial. A plain monthly charge keeps its one-word description.
 */
function describe(kind: TransactionRow['kind'], reference: unknown, creator: string | null) {
  const ref = (reference ?? {}) as Record<string, unknown>;
  const months = typeof ref.months === 'number' && ref.months > 1 ? ref.months : null;
  const to = creator ? ` to @${creator}` : '';
  if (kind === 'subscription') {
    if (ref.trial === 1) return `Free trial converted: subscription${to}`;
    if (months) return `Subscription${to}, ${months} months`;
    if (typeof ref.discount_percent === 'number') {
      return `Subscription${to}, first month, ${ref.discount_percent}% off`;
    }
  }
  if (kind === 'renewal' && months) return `Subscription renewal${to}, ${months} months`;
  return DESCRIPTIONS[kind];
}

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
    description: describe(t.kind, t.reference, row.payeeUsername),
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
