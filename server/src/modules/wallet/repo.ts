import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerTransactions, payouts, topups, users } from '../../db/schema/index.ts';

export async function insertTopup(
  db: Executor,
  values: { userId: number; amountCents: number; provider: string; providerRef?: string | null },
) {
  const [row] = await db.insert(topups).values(values).returning();
  if (!row) throw new Error('topup insert failed');
  return row;
}

export async function setTopupProviderRef(db: Executor, id: number, providerRef: string) {
  await db.update(topups).set({ providerRef }).where(eq(topups.id, id));
}

/** Marks a pending top-up credited; only one caller wins, so a replayed webhook credits nothing. */
export async function claimPendingTopup(db: Executor, provider: string, providerRef: string) {
  const [row] = await db
    .update(topups)
    .set({ status: 'credited' })
    .where(
      and(
        eq(topups.provider, provider),
        eq(topups.providerRef, providerRef),
        eq(topups.status, 'pending'),
      ),
    )
    .returning();
  return row;
}

export async function markTopupCredited(db: Executor, id: number, transactionId: number) {
  await db.update(topups).set({ status: 'credited', transactionId }).where(eq(topups.id, id));
}

/** The user's money history, newest first, with the other party's username. */
export function listTransactionsOf(
  db: Executor,
  userId: number,
  beforeId: number | undefined,
  limit: number,
) {
  return db
    .select({
      transaction: ledgerTransactions,
      payerUsername: sql<
        string | null
      >`(select ${users.username} from ${users} where ${users.id} = ${ledgerTransactions.payerId})`,
      payeeUsername: sql<
        string | null
      >`(select ${users.username} from ${users} where ${users.id} = ${ledgerTransactions.payeeId})`,
    })
    .from(ledgerTransactions)
    .where(
      and(
        or(eq(ledgerTransactions.payerId, userId), eq(ledgerTransactions.payeeId, userId)),
        beforeId ? lt(ledgerTransactions.id, beforeId) : undefined,
      ),
    )
    .orderBy(desc(ledgerTransactions.id))
    .limit(limit);
}

export async function insertPayout(db: Executor, creatorId: number, amountCents: number) {
  const [row] = await db.insert(payouts).values({ creatorId, amountCents }).returning();
  if (!row) throw new Error('payout insert failed');
  return row;
}

export function listPayoutsOf(db: Executor, creatorId: number) {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.creatorId, creatorId))
    .orderBy(desc(payouts.id))
    .limit(100);
}

export function listPayoutsByStatus(db: Executor, statuses: ('requested' | 'paid')[]) {
  return db
    .select({ payout: payouts, username: users.username, email: users.email })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.creatorId))
    .where(inArray(payouts.status, statuses))
    .orderBy(payouts.requestedAt)
    .limit(200);
}

/** The `account` a test-mode payout request's ledger line names: the simulated test account. */
export const TEST_ACCOUNT = 'test';

/**
 * Which of these payouts went to the simulated account of test mode, from their request's
 * ledger line (written once, never changed): by the creators' payer index, one query.
 */
export async function testAccountPayouts(
  db: Executor,
  rows: readonly { id: number; creatorId: number | null }[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const creators = [
    ...new Set(rows.flatMap((row) => (row.creatorId === null ? [] : [row.creatorId]))),
  ];
  const found = await db
    .select({ id: sql<string>`${ledgerTransactions.reference}->>'payout_id'` })
    .from(ledgerTransactions)
    .where(
      and(
        or(
          inArray(ledgerTransactions.payerId, creators.length > 0 ? creators : [-1]),
          // A deleted creator's payouts keep their line, unlinked.
          sql`${ledgerTransactions.payerId} is null`,
        ),
        eq(ledgerTransactions.kind, 'payout_request'),
        sql`${ledgerTransactions.reference}->>'account' = ${TEST_ACCOUNT}`,
        sql`(${ledgerTransactions.reference}->>'payout_id')::bigint = any(${sql.param(rows.map((row) => row.id))}::bigint[])`,
      ),
    );
  return new Set(found.map((row) => Number(row.id)));
}

/** requested → paid, once. */
export async function claimRequestedPayout(db: Executor, id: number, adminId: number) {
  const [row] = await db
    .update(payouts)
    .set({ status: 'paid', paidAt: sql`now()`, paidBy: adminId })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'requested')))
    .returning();
  return row;
}
