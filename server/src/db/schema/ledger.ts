import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const ACCOUNT_KINDS = [
  'wallet',
  'earnings',
  'platform_revenue',
  'payout_clearing',
  'external',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * Double-entry ledger in integer cents. Each user has a wallet; each creator an earnings
 * account; the platform has one revenue, one payout-clearing and one external account (money
 * entering and leaving the platform, the only account that may go negative).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    /**
     * Of a wallet's or earnings account's balance, the cents that came from test-mode top-ups:
     * spendable on the platform, never paid out (see postMovement).
     */
    testCents: bigint('test_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_kind_user_key')
      .on(t.kind, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_platform_kind_key')
      .on(t.kind)
      .where(sql`${t.kind} in ('platform_revenue', 'payout_clearing', 'external')`),
    check('ledger_accounts_non_negative', sql`${t.kind} = 'external' or ${t.balanceCents} >= 0`),
    check(
      'ledger_accounts_test_within_balance',
      sql`${t.testCents} >= 0 and (${t.kind} = 'external' or ${t.testCents} <= ${t.balanceCents})`,
    ),
  ],
);

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
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** One money movement; its entries sum to zero (checked by a deferred constraint trigger). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: TRANSACTION_KINDS }).notNull(),
    /** Who paid or was paid, for listing; the fan for payments, the creator for payouts. */
    payerId: bigint('payer_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    payeeId: bigint('payee_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    /** What it paid for: { post_id }, { message_id }, { subscription_id }, { payout_id }... */
    reference: jsonb('reference').$type<Record<string, number | string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transactions_payer_idx').on(t.payerId, t.createdAt.desc().nullsFirst()),
    index('ledger_transactions_payee_idx').on(t.payeeId, t.createdAt.desc().nullsFirst()),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
  ],
);

/**
 * A paying request's Idempotency-Key with a hash of its body and the answer it got: a retry
 * gets the same answer; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key)],
);

export const PAYOUT_STATUSES = ['requested', 'paid'] as const;

export const payouts = pgTable(
  'payouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // History outlives the account: a deleted creator's payouts stay, unlinked.
    creatorId: bigint('creator_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('requested'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: bigint('paid_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [index('payouts_status_idx').on(t.status, t.requestedAt)],
);

/** Top-ups through an external provider, credited exactly once when the provider confirms. */
export const topups = pgTable(
  'topups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    status: text('status', { enum: ['pending', 'credited'] })
      .notNull()
      .default('pending'),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('topups_provider_ref_key').on(t.provider, t.providerRef)],
);
