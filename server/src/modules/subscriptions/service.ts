import { splitPayment } from '@zura/contracts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import type { NotificationRow, SubscriptionRow } from '../../db/schema/index.ts';
import { type Notify, recordNotice } from '../notifications/index.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../../lib/errors.ts';
import { shareEmail as shareEmailWith } from '../audience/index.ts';
import { isBlockedEitherWay } from '../blocks/index.ts';
import { type MediaUrlResolver, findUserById } from '../users/index.ts';
import { priceFirstPeriod, recordClaim } from '../offers/index.ts';
import {
  runIdempotent,
  InsufficientFundsError,
  paymentLegs,
  postMovement,
} from '../wallet/index.ts';
import { presentSubscription } from './presenter.ts';
import * as repo from './repo.ts';

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

/** What the statement needs to describe a renewal or a converted trial. */
function renewalReference(subscription: SubscriptionRow): Record<string, number> {
  return {
    subscription_id: subscription.id,
    ...(subscription.isTrial ? { trial: 1 } : {}),
    ...(subscription.isTrial && subscription.offerId !== null
      ? { offer_id: subscription.offerId }
      : {}),
    ...(subscription.periodMonths > 1 ? { months: subscription.periodMonths } : {}),
  };
}

const RENEWAL_BATCH = 100;

/** ' for $4.99/month', ' for $26.97, 3 months', or nothing when free. */
function money(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function createSubscriptionsService(deps: {
  db: Database;
  mediaUrl: MediaUrlResolver;
  notify: Notify;
  changes: ChangeNotices;
  /** A new subscription committed (not a renewal): the welcome message goes out. */
  onSubscribed?: (creatorId: number, fanId: number) => Promise<void>;
}) {
  const { db, mediaUrl, notify, changes } = deps;

  async function listed(fanId: number, status: 'active' | 'expired') {
    return (await repo.listOfFan(db, fanId, status)).map((row) =>
      presentSubscription(row, mediaUrl),
    );
  }

  return {
    listActive: (fanId: number) => listed(fanId, 'active'),
    listExpired: (fanId: number) => listed(fanId, 'expired'),

    /**
     * Subscribes at the creator's current price for one month, or for a bundle's months; free
     * costs nothing. The server prices the first period (a discount open to the fan applies,
     * see offers/pricing.ts); that price, undiscounted, is what renews, unless the creator
     * lowers a monthly price.
     */
    async subscribe(
      fanId: number,
      creatorId: number,
      idempotencyKey: string | undefined,
      options: { shareEmail?: boolean; months?: number; expectedCents?: number } = {},
    ) {
      // Absent when false (or one month), so a retry without the field keeps its body hash.
      const shareEmail = options.shareEmail === true ? true : undefined;
      const months =
        options.months !== undefined && options.months > 1 ? options.months : undefined;
      const creator = await findUserById(db, creatorId);
      // A suspended creator takes no money: as absent as their profile.
      if (!creator || !creator.isCreator || creator.suspendedAt) {
        throw new NotFoundError('Creator not found.');
      }
      if (creator.id === fanId) throw new BadRequestError('You cannot subscribe to yourself.');
      const fan = await findUserById(db, fanId);
      if (!fan) throw new NotFoundError('User not found');
      if (await isBlockedEitherWay(db, fanId, creatorId)) {
        throw new ForbiddenError('You cannot subscribe to this user.');
      }
      let created: NotificationRow | undefined;
      const result = await runIdempotent(
        db,
        {
          userId: fanId,
          key: idempotencyKey,
          scope: 'subscribe',
          body: { creatorId, shareEmail, months, expectedCents: options.expectedCents },
        },
        async (tx) => {
          if (await repo.findActive(tx, fanId, creatorId)) {
            throw new BadRequestError('You are already subscribed to this creator.');
          }
          const period = await priceFirstPeriod(tx, {
            fanId,
            creatorId,
            monthlyCents: creator.subscriptionPriceCents,
            months: months ?? 1,
          });
          const price = period.chargeCents;
          // An offer filled or a price changed since the fan confirmed: ask again, charge nothing.
          if (options.expectedCents !== undefined && options.expectedCents !== price) {
            throw new ConflictError(
              `The price is now ${money(price)}. Check it and confirm again.`,
            );
          }
          let subscription;
          try {
            // A savepoint: a concurrent twin loses on the unique index without aborting the rest.
            subscription = await tx.transaction((inner) =>
              repo.insertSubscription(inner, {
                fanId,
                creatorId,
                priceCents: period.priceCents,
                periodMonths: period.periodMonths,
                offerId: period.offerId,
              }),
            );
          } catch (error) {
            if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
              throw new BadRequestError('You are already subscribed to this creator.');
            throw error;
          }
          if (period.offerId !== null) {
            await recordClaim(tx, {
              offerId: period.offerId,
              fanId,
              subscriptionId: subscription.id,
            });
          }
          if (shareEmail) await shareEmailWith(tx, fanId, creatorId);
          if (price > 0) {
            const { feeCents } = splitPayment(price);
            await postMovement(tx, {
              kind: 'subscription',
              payerId: fanId,
              payeeId: creatorId,
              amountCents: price,
              feeCents,
              reference: { subscription_id: subscription.id, ...period.reference },
              legs: paymentLegs(fanId, creatorId, price, feeCents),
            });
          }
          created = await recordNotice(tx, {
            to: creatorId,
            kind: 'subscribed',
            fan: { id: fanId, username: fan.username },
            subscriptionId: subscription.id,
            priceCents: price,
            periodMonths: period.periodMonths,
          });
          return {
            status: 201,
            body: presentSubscription(
              { subscription, username: creator.username, profileImageId: creator.profileImageId },
              mediaUrl,
            ),
          };
        },
      );
      changes.announce({ kind: 'following_changed', userId: fanId });
      if (created) await notify([created]);
      // Only a subscription made now (not a retried request's stored answer) gets a welcome.
      if (created) await deps.onSubscribed?.(creatorId, fanId);
      return result;
    },

    /** Stays active to the end of the paid period, then expires. */
    async cancel(fanId: number, subscriptionId: number) {
      const row = await repo.setCancelAtPeriodEnd(db, fanId, subscriptionId, true);
      if (!row) throw new NotFoundError('Subscription not found.');
      const creator = await findUserById(db, row.creatorId);
      return presentSubscription(
        {
          subscription: row,
          username: creator?.username ?? '',
          profileImageId: creator?.profileImageId ?? null,
        },
        mediaUrl,
      );
    },

    /**
     * The renewal job: charges each due subscription its agreed price (a creator's raise never
     * reaches it; see price-changes.ts), or expires it (cancelled, or funds short) and tells the
     * fan. Answers how many it handled.
     */
    async renewDue(now = new Date()) {
      const created: NotificationRow[] = [];
      const handled = await db.transaction(async (tx) => {
        const due = await repo.lockDue(tx, now, RENEWAL_BATCH);
        for (const { subscription, creatorUsername, suspended } of due) {
          if (subscription.cancelAtPeriodEnd || suspended) {
            await repo.expire(tx, subscription.id);
            continue;
          }
          const price = subscription.priceCents;
          try {
            await tx.transaction(async (inner) => {
              if (price > 0) {
                const { feeCents } = splitPayment(price);
                await postMovement(inner, {
                  // A trial's end is its first payment: a subscription, not a renewal.
                  kind: subscription.isTrial ? 'subscription' : 'renewal',
                  payerId: subscription.fanId,
                  payeeId: subscription.creatorId,
                  amountCents: price,
                  feeCents,
                  reference: renewalReference(subscription),
                  legs: paymentLegs(subscription.fanId, subscription.creatorId, price, feeCents),
                });
              }
              await repo.renew(inner, subscription.id);
            });
          } catch (error) {
            if (!(error instanceof InsufficientFundsError)) throw error;
            await repo.expire(tx, subscription.id);
            const notification = await recordNotice(tx, {
              to: subscription.fanId,
              kind: 'subscription_expired',
              creator: { id: subscription.creatorId, username: creatorUsername },
              subscriptionId: subscription.id,
              priceCents: price,
            });
            created.push(notification);
          }
        }
        return due.length;
      });
      await notify(created);
      return handled;
    },
  };
}
