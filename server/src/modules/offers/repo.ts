import { and, desc, eq, gt, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { BundleMonths } from '@zura/contracts';
import type { Executor } from '../../db/client.ts';
import {
  offerClaims,
  subscriptionBundles,
  subscriptionOffers,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import type { OfferAudience, OfferKind } from '../../db/schema/index.ts';

export async function insertOffer(
  db: Executor,
  values: {
    creatorId: number;
    kind: OfferKind;
    code: string;
    trialDays: number | null;
    discountPercent: number | null;
    audience: OfferAudience;
    claimLimit: number | null;
    expiresAt: Date | null;
  },
) {
  const [row] = await db.insert(subscriptionOffers).values(values).returning();
  if (!row) throw new Error('offer insert failed');
  return row;
}

export function listOffersOf(db: Executor, creatorId: number) {
  return db
    .select()
    .from(subscriptionOffers)
    .where(eq(subscriptionOffers.creatorId, creatorId))
    .orderBy(desc(subscriptionOffers.createdAt), desc(subscriptionOffers.id))
    .limit(200);
}

/** Ends the creator's own offer; an offer already ended keeps its first end. */
export async function endOffer(db: Executor, creatorId: number, id: number) {
  const [row] = await db
    .update(subscriptionOffers)
    .set({ endedAt: sql`coalesce(${subscriptionOffers.endedAt}, now())` })
    .where(and(eq(subscriptionOffers.id, id), eq(subscriptionOffers.creatorId, creatorId)))
    .returning();
  return row;
}

export function findOfferByCode(db: Executor, code: string) {
  return db
    .select({ offer: subscriptionOffers, creator: users })
    .from(subscriptionOffers)
    .innerJoin(users, eq(users.id, subscriptionOffers.creatorId))
    .where(eq(subscriptionOffers.code, code))
    .then((rows) => rows[0]);
}

/** Not ended, not expired: the conditions every claim re-checks under the row's lock. */
const stillOpen = () =>
  and(
    isNull(subscriptionOffers.endedAt),
    or(isNull(subscriptionOffers.expiresAt), gt(subscriptionOffers.expiresAt, sql`now()`)),
  );

/**
 * Takes one claim of the offer, or nothing when it is ended, expired or full. The update locks
 * the row, so parallel claims queue and each re-reads the count: a limit of 10 gives 10.
 */
export async function takeClaim(db: Executor, offerId: number) {
  const [row] = await db
    .update(subscriptionOffers)
    .set({ claimCount: sql`${subscriptionOffers.claimCount} + 1` })
    .where(
      and(
        eq(subscriptionOffers.id, offerId),
        stillOpen(),
        or(
          isNull(subscriptionOffers.claimLimit),
          lt(subscriptionOffers.claimCount, subscriptionOffers.claimLimit),
        ),
      ),
    )
    .returning();
  return row;
}

/** Records the fan's claim; false when the fan had already claimed this offer. */
export async function insertClaim(
  db: Executor,
  values: { offerId: number; fanId: number; subscriptionId: number },
): Promise<boolean> {
  const inserted = await db
    .insert(offerClaims)
    .values(values)
    .onConflictDoNothing()
    .returning({ offerId: offerClaims.offerId });
  return inserted.length > 0;
}

export async function hasClaimed(db: Executor, offerId: number, fanId: number) {
  const [row] = await db
    .select({ offerId: offerClaims.offerId })
    .from(offerClaims)
    .where(and(eq(offerClaims.offerId, offerId), eq(offerClaims.fanId, fanId)));
  return row !== undefined;
}

/** The creator's discounts open now that the fan has not claimed yet, best first. */
export function openDiscountsFor(db: Executor, creatorId: number, fanId: number) {
  return db
    .select()
    .from(subscriptionOffers)
    .where(
      and(
        eq(subscriptionOffers.creatorId, creatorId),
        eq(subscriptionOffers.kind, 'discount'),
        stillOpen(),
        or(
          isNull(subscriptionOffers.claimLimit),
          lt(subscriptionOffers.claimCount, subscriptionOffers.claimLimit),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(offerClaims)
            .where(
              and(eq(offerClaims.offerId, subscriptionOffers.id), eq(offerClaims.fanId, fanId)),
            ),
        ),
      ),
    )
    .orderBy(desc(subscriptionOffers.discountPercent), subscriptionOffers.id);
}

/** The fan's history with the creator: whether they ever subscribed, and whether one expired. */
export async function historyWith(db: Executor, fanId: number, creatorId: number) {
  const [row] = await db
    .select({
      any: sql<number>`count(*)::int`,
      expired: sql<number>`count(*) filter (where ${subscriptions.status} = 'expired')::int`,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, fanId), eq(subscriptions.creatorId, creatorId)));
  return { everSubscribed: (row?.any ?? 0) > 0, hadExpired: (row?.expired ?? 0) > 0 };
}

export function bundlesOf(db: Executor, creatorId: number) {
  return db
    .select()
    .from(subscriptionBundles)
    .where(eq(subscriptionBundles.creatorId, creatorId))
    .orderBy(subscriptionBundles.months);
}

/** Any length may be asked (a renewal's stored months, say): only 3, 6 and 12 find one. */
export async function findBundle(db: Executor, creatorId: number, months: number) {
  const [row] = await db
    .select()
    .from(subscriptionBundles)
    .where(
      and(
        eq(subscriptionBundles.creatorId, creatorId),
        sql`${subscriptionBundles.months} = ${months}`,
      ),
    );
  return row;
}

/** Replaces the creator's whole set of bundles (inside the caller's transaction). */
export async function replaceBundles(
  db: Executor,
  creatorId: number,
  bundles: { months: BundleMonths; discountPercent: number }[],
) {
  await db.delete(subscriptionBundles).where(eq(subscriptionBundles.creatorId, creatorId));
  if (bundles.length > 0) {
    await db.insert(subscriptionBundles).values(bundles.map((b) => ({ creatorId, ...b })));
  }
}
