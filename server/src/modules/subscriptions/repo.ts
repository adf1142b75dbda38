import { and, desc, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';

/**
 * A new active subscription: its first period is `periodMonths` months (default 1), or a free
 * trial's `trialDays` days.
 */
export async function insertSubscription(
  db: Executor,
  values: {
    fanId: number;
    creatorId: number;
    priceCents: number;
    periodMonths?: number;
    offerId?: number | null;
    trialDays?: number;
  },
) {
  const { trialDays, ...columns } = values;
  const [row] = await db
    .insert(subscriptions)
    .values({
      ...columns,
      isTrial: trialDays !== undefined,
      currentPeriodEnd:
        trialDays !== undefined
          ? sql`now() + make_interval(days => ${trialDays}::int)`
          : sql`now() + make_interval(months => ${values.periodMonths ?? 1}::int)`,
    })
    .returning();
  if (!row) throw new Error('subscription insert failed');
  return row;
}

export function findActive(db: Executor, fanId: number, creatorId: number) {
  return db.query.subscriptions.findFirst({
    where: and(
      eq(subscriptions.fanId, fanId),
      eq(subscriptions.creatorId, creatorId),
      eq(subscriptions.status, 'active'),
    ),
  });
}

export function listOfFan(db: Executor, fanId: number, status: 'active' | 'expired') {
  return db
    .select({
      subscription: subscriptions,
      username: users.username,
      profileImageId: users.profileImageId,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.creatorId))
    .where(and(eq(subscriptions.fanId, fanId), eq(subscriptions.status, status)))
    .orderBy(desc(subscriptions.id))
    .limit(500);
}

export async function setCancelAtPeriodEnd(
  db: Executor,
  fanId: number,
  id: number,
  cancel: boolean,
) {
  const [row] = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel })
    .where(
      and(
        eq(subscriptions.id, id),
        eq(subscriptions.fanId, fanId),
        eq(subscriptions.status, 'active'),
      ),
    )
    .returning();
  return row;
}

/** Due subscriptions, locked for this worker; other workers skip them. */
export function lockDue(db: Executor, now: Date, limit: number) {
  return db
    .select({
      subscription: subscriptions,
      creatorUsername: users.username,
      // A suspended creator or fan: the subscription ends instead of renewing.
      suspended: sql<boolean>`(${users.suspendedAt} is not null or exists (
        select 1 from users fan where fan.id = ${subscriptions.fanId} and fan.suspended_at is not null))`,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.creatorId))
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)))
    .orderBy(subscriptions.currentPeriodEnd)
    .limit(limit)
    .for('update', { of: subscriptions, skipLocked: true });
}

/** One more period (a month, or the bundle's months); a converted trial is a trial no more. */
export async function renew(db: Executor, id: number) {
  await db
    .update(subscriptions)
    .set({
      currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} + make_interval(months => ${subscriptions.periodMonths})`,
      isTrial: false,
    })
    .where(eq(subscriptions.id, id));
}

/** A creator's lower price reaches the running subscriptions that paid more. */
export async function lowerActivePrices(db: Executor, creatorId: number, priceCents: number) {
  await db
    .update(subscriptions)
    .set({ priceCents })
    .where(
      and(
        eq(subscriptions.creatorId, creatorId),
        eq(subscriptions.status, 'active'),
        // A bundle's price covers several months: it renews at the price agreed.
        eq(subscriptions.periodMonths, 1),
        gt(subscriptions.priceCents, priceCents),
      ),
    );
}

/** The creator's running subscriptions that will renew at less than `priceCents`. */
export function renewingBelow(db: Executor, creatorId: number, priceCents: number) {
  return db
    .select({
      id: subscriptions.id,
      fanId: subscriptions.fanId,
      priceCents: subscriptions.priceCents,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.creatorId, creatorId),
        eq(subscriptions.status, 'active'),
        eq(subscriptions.cancelAtPeriodEnd, false),
        eq(subscriptions.periodMonths, 1),
        lt(subscriptions.priceCents, priceCents),
      ),
    );
}

export async function expire(db: Executor, id: number) {
  await db
    .update(subscriptions)
    .set({ status: 'expired', expiredAt: sql`${subscriptions.currentPeriodEnd}` })
    .where(eq(subscriptions.id, id));
}

/**
 * Stops the renewal of every running subscription between two users, either way: a block ends
 * what the pair pays each other, but a period already paid for is not taken back.
 */
export async function stopRenewalsBetween(db: Executor, a: number, b: number) {
  await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true })
    .where(
      and(
        eq(subscriptions.status, 'active'),
        or(
          and(eq(subscriptions.fanId, a), eq(subscriptions.creatorId, b)),
          and(eq(subscriptions.fanId, b), eq(subscriptions.creatorId, a)),
        ),
      ),
    );
}
