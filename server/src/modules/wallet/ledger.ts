import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type AccountKind,
  type TransactionKind,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export class InsufficientFundsError extends AppError {
  constructor(message = 'Insufficient funds. Top up your wallet and try again.') {
    super(402, 'insufficient_funds', message);
  }
}

export type UserAccount = { kind: 'wallet' | 'earnings'; userId: number };
type PlatformAccount = { kind: 'platform_revenue' | 'payout_clearing' | 'external' };
type AccountRef = UserAccount | PlatformAccount;
export type Leg = { account: AccountRef; amountCents: number };

export type Movement = {
  kind: TransactionKind;
  payerId: number | null;
  payeeId: number | null;
  amountCents: number;
  feeCents?: number;
  reference?: Record<string, number | string>;
  legs: Leg[];
  /** Money a test-mode top-up brings in: spendable on the platform, never paid out. */
  testMoney?: boolean;
  /**
   * A test-mode payout into the simulated account: the paying earnings leg takes test-mode
   * money only (the real part stays for a real payout), and fails like a short balance past it.
   */
  paysOutTestMoney?: boolean;
};

/** A wallet or earnings account's balance, and the part of it that is test-mode money. */
export type Holding = { balanceCents: number; testCents: number };

/** The account's id, creating a user account on first use. */
async function accountId(tx: Executor, account: AccountRef): Promise<number> {
  const userId = 'userId' in account ? account.userId : null;
  const where = and(
    eq(ledgerAccounts.kind, account.kind as AccountKind),
    userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, userId),
  );
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (found) return found.id;
  if (userId === null) throw new Error(`platform account ${account.kind} is missing`);
  await tx
    .insert(ledgerAccounts)
    .values({ kind: account.kind as AccountKind, userId })
    .onConflictDoNothing();
  const [created] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (!created) throw new Error('account creation failed');
  return created.id;
}

const isUserAccount = (account: AccountRef): account is UserAccount => 'userId' in account;

/** The wallet's test-mode cents, its row locked (callers lock accounts in id order). */
async function lockedTestCents(tx: Tx, id: number): Promise<number> {
  const [row] = await tx
    .select({ testCents: ledgerAccounts.testCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, id))
    .for('update');
  return row?.testCents ?? 0;
}

/**
 * Posts one money movement inside the caller's transaction. Balances change with conditional
 * updates (a value is read only under its row's lock), in account-id order so concurrent
 * movements cannot deadlock;
 * a leg that would take a non-external account below zero fails the whole movement. The
 * database checks again that the entries sum to zero when the transaction commits.
 *
 * Test-mode money is followed as it moves: a paying wallet spends its test cents first, and
 * they go to the receiving user accounts in the order of the legs (a creator's earnings before
 * the platform's fee). Earnings leave only as real money: a leg taking more than an earnings
 * account's real part fails like a short balance.
 */
export async function postMovement(tx: Tx, movement: Movement) {
  const total = movement.legs.reduce((sum, leg) => sum + leg.amountCents, 0);
  if (total !== 0) throw new Error(`unbalanced movement (${total} cents)`);
  // One query at a time: a transaction is a single connection.
  const legs: { id: number; account: AccountRef; amountCents: number }[] = [];
  for (const leg of movement.legs) {
    legs.push({ id: await accountId(tx, leg.account), ...leg });
  }
  const receiving = legs.filter((leg) => leg.amountCents > 0 && isUserAccount(leg.account));
  legs.sort((a, b) => a.id - b.id);
  let testCents = movement.testMoney ? movement.amountCents : 0;
  for (const leg of legs) {
    const spendsTestFirst = leg.account.kind === 'wallet' && leg.amountCents < 0;
    const heldTest = spendsTestFirst ? await lockedTestCents(tx, leg.id) : 0;
    const paysTest =
      movement.paysOutTestMoney === true && leg.account.kind === 'earnings' && leg.amountCents < 0;
    const updated = await tx
      .update(ledgerAccounts)
      .set({
        balanceCents: sql`${ledgerAccounts.balanceCents} + ${leg.amountCents}`,
        ...(spendsTestFirst
          ? { testCents: sql`greatest(0, ${ledgerAccounts.testCents} + ${leg.amountCents})` }
          : paysTest
            ? { testCents: sql`${ledgerAccounts.testCents} + ${leg.amountCents}` }
            : {}),
      })
      .where(
        and(
          eq(ledgerAccounts.id, leg.id),
          paysTest
            ? sql`${ledgerAccounts.testCents} + ${leg.amountCents} >= 0`
            : sql`(${ledgerAccounts.kind} = 'external' or ${ledgerAccounts.balanceCents} + ${leg.amountCents} >=
            case when ${ledgerAccounts.kind} = 'earnings' then ${ledgerAccounts.testCents} else 0 end)`,
        ),
      )
      .returning({ id: ledgerAccounts.id });
    if (updated.length === 0) throw new InsufficientFundsError();
    if (spendsTestFirst) testCents += Math.min(heldTest, -leg.amountCents);
  }
  // Rows already locked above: no new lock, so the id order still holds.
  for (const leg of receiving) {
    const share = Math.min(testCents, leg.amountCents);
    if (share <= 0) break;
    await tx
      .update(ledgerAccounts)
      .set({ testCents: sql`${ledgerAccounts.testCents} + ${share}` })
      .where(eq(ledgerAccounts.id, leg.id));
    testCents -= share;
  }
  const [transaction] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: movement.kind,
      payerId: movement.payerId,
      payeeId: movement.payeeId,
      amountCents: movement.amountCents,
      feeCents: movement.feeCents ?? 0,
      reference: movement.reference ?? {},
    })
    .returning();
  if (!transaction) throw new Error('transaction insert failed');
  await tx.insert(ledgerEntries).values(
    legs.map((leg) => ({
      transactionId: transaction.id,
      accountId: leg.id,
      amountCents: leg.amountCents,
    })),
  );
  return transaction;
}

/** A fan paying a creator: the wallet pays, the creator earns 90%, the platform keeps 10%. */
export function paymentLegs(
  fanId: number,
  creatorId: number,
  amountCents: number,
  feeCents: number,
): Leg[] {
  return [
    { account: { kind: 'wallet', userId: fanId }, amountCents: -amountCents },
    { account: { kind: 'earnings', userId: creatorId }, amountCents: amountCents - feeCents },
    { account: { kind: 'platform_revenue' }, amountCents: feeCents },
  ];
}

/** The account's balance and its test-mode part (zero for an account not yet used). */
export async function holdingOf(db: Executor, account: UserAccount): Promise<Holding> {
  const [row] = await db
    .select({ balanceCents: ledgerAccounts.balanceCents, testCents: ledgerAccounts.testCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, account.kind), eq(ledgerAccounts.userId, account.userId)));
  return row ?? { balanceCents: 0, testCents: 0 };
}

export async function balanceOf(db: Executor, account: UserAccount): Promise<number> {
  return (await holdingOf(db, account)).balanceCents;
}
