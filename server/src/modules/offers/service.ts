import { randomBytes } from 'node:crypto';
import {
  type BundleMonths,
  bundlePriceCents,
  discountedCents,
  type BundlesBody,
  type CreateOfferBody,
  type SubscribeOptions,
} from '@zura/contracts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import type { NotificationRow, UserRow } from '../../db/schema/index.ts';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../../lib/errors.ts';
import { isBlockedEitherWay } from '../blocks/index.ts';
import { recordNotice, type Notify } from '../notifications/index.ts';
import { findActive, insertSubscription } from '../subscriptions/index.ts';
import { type MediaUrlResolver, findUserById } from '../users/index.ts';
import { audienceAllows, discountsFor, recordClaim } from './pricing.ts';
import { offerStatus, presentCreatorOffer, presentPublicOffer } from './presenter.ts';
import * as repo from './repo.ts';

export type OffersService = ReturnType<typeof createOffersService>;

export const NOT_A_CREATOR = 'Only approved creators can make offers and bundles.';
export const FREE_CREATOR =
  'Set a monthly price first: a free subscription cannot have trials, discounts or bundles.';

const AUDIENCE_REFUSALS = {
  new: 'This offer is for fans who have never subscribed to this creator.',
  returning: 'This offer is for fans whose subscription to this creator has expired.',
  everyone: '',
} as const;

const UNAVAILABLE = {
  ended: 'This offer has ended.',
  expired: 'This offer has expired.',
  full: 'This offer has no claims left.',
} as const;

/** 128 random bits: an offer link cannot be guessed or enumerated. */
function newOfferCode(): string {
  return randomBytes(16).toString('base64url');
}

function presentBundles(
  rows: { months: BundleMonths; discountPercent: number }[],
  monthlyCents: number,
) {
  return rows.map((b) => ({
    months: b.months,
    discount_percent: b.discountPercent,
    price_cents: bundlePriceCents(monthlyCents, b.months, b.discountPercent),
  }));
}

export function createOffersService(deps: {
  db: Database;
  mediaUrl: MediaUrlResolver;
  notify: Notify;
  changes: ChangeNotices;
  /** After a trial starts (after commit), as after any new subscription: the welcome message. */
  onSubscribed?: (creatorId: number, fanId: number) => Promise<void>;
}) {
  const { db, mediaUrl, notify, changes } = deps;

  /** An approved creator, not suspended; with `paid`, one whose subscription has a price. */
  async function creatorOf(userId: number, paid: boolean): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new NotFoundError('User not found');
    if (!user.isCreator || user.suspendedAt) throw new ForbiddenError(NOT_A_CREATOR);
    if (paid && user.subscriptionPriceCents === 0) throw new BadRequestError(FREE_CREATOR);
    return user;
  }

  /** The creator behind an offer link, as absent as their profile when suspended. */
  async function offerByCode(code: string) {
    const found = await repo.findOfferByCode(db, code);
    if (!found || !found.creator.isCreator || found.creator.suspendedAt) {
      throw new NotFoundError('Offer not found.');
    }
    return found;
  }

  return {
    async listOffers(userId: number) {
      const creator = await creatorOf(userId, false);
      return (await repo.listOffersOf(db, creator.id)).map(presentCreatorOffer);
    },

    async createOffer(userId: number, body: CreateOfferBody) {
      const creator = await creatorOf(userId, true);
      const trial = body.kind === 'trial';
      const offer = await repo.insertOffer(db, {
        creatorId: creator.id,
        kind: body.kind,
        code: newOfferCode(),
        trialDays: trial ? (body.trial_days ?? null) : null,
        discountPercent: trial ? null : (body.discount_percent ?? null),
        audience: body.audience ?? (trial ? 'new' : 'everyone'),
        claimLimit: body.claim_limit ?? null,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      });
      return presentCreatorOffer(offer);
    },

    /** No new claims from now; subscriptions already started keep their terms. */
    async endOffer(userId: number, offerId: number) {
      const creator = await creatorOf(userId, false);
      const offer = await repo.endOffer(db, creator.id, offerId);
      if (!offer) throw new NotFoundError('Offer not found.');
      return presentCreatorOffer(offer);
    },

    async getBundles(userId: number) {
      const creator = await creatorOf(userId, false);
      const rows = await repo.bundlesOf(db, creator.id);
      return { bundles: presentBundles(rows, creator.subscriptionPriceCents) };
    },

    /** Sets the whole list; an empty list removes every bundle (allowed for a free creator). */
    async putBundles(userId: number, body: BundlesBody) {
      const creator = await creatorOf(userId, body.bundles.length > 0);
      const wanted = body.bundles.map((b) => ({
        months: b.months,
        discountPercent: b.discount_percent,
      }));
      await db.transaction((tx) => repo.replaceBundles(tx, creator.id, wanted));
      const rows = await repo.bundlesOf(db, creator.id);
      return { bundles: presentBundles(rows, creator.subscriptionPriceCents) };
    },

    async publicOffer(code: string) {
      const { offer, creator } = await offerByCode(code);
      return presentPublicOffer(offer, creator, mediaUrl);
    },

    /**
     * Starts a free trial from a link: one claim taken under the offer's lock (so a limit holds
     * under parallel claims), an active subscription at the regular price whose first period
     * is the trial's days, and nothing charged. The renewal job charges at its end.
     */
    async claimTrial(fanId: number, code: string) {
      const { offer, creator } = await offerByCode(code);
      if (offer.kind !== 'trial' || offer.trialDays === null) {
        throw new BadRequestError(
          "This link is a discount: subscribe from the creator's profile to use it.",
        );
      }
      if (creator.id === fanId) throw new BadRequestError('You cannot claim your own offer.');
      if (creator.subscriptionPriceCents === 0) {
        throw new BadRequestError('This creator is free: subscribe from their profile.');
      }
      if (await isBlockedEitherWay(db, fanId, creator.id)) {
        throw new ForbiddenError('You cannot subscribe to this user.');
      }
      const fan = await findUserById(db, fanId);
      if (!fan) throw new NotFoundError('User not found');
      const trialDays = offer.trialDays;
      let created: NotificationRow | undefined;
      const subscription = await db.transaction(async (tx) => {
        if (await findActive(tx, fanId, creator.id)) {
          throw new BadRequestError('You are already subscribed to this creator.');
        }
        const history = await repo.historyWith(tx, fanId, creator.id);
        if (!audienceAllows(offer.audience, history)) {
          throw new BadRequestError(AUDIENCE_REFUSALS[offer.audience]);
        }
        if (await repo.hasClaimed(tx, offer.id, fanId)) {
          throw new BadRequestError('You have already claimed this offer.');
        }
        if (!(await repo.takeClaim(tx, offer.id))) {
          const status = offerStatus({
            ...offer,
            ...(await repo.findOfferByCode(tx, code))?.offer,
          });
          throw new BadRequestError(UNAVAILABLE[status === 'active' ? 'full' : status]);
        }
        let row;
        try {
          row = await tx.transaction((inner) =>
            insertSubscription(inner, {
              fanId,
              creatorId: creator.id,
              priceCents: creator.subscriptionPriceCents,
              offerId: offer.id,
              trialDays,
            }),
          );
        } catch (error) {
          if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
            throw new BadRequestError('You are already subscribed to this creator.');
          throw error;
        }
        await recordClaim(tx, { offerId: offer.id, fanId, subscriptionId: row.id });
        created = await recordNotice(tx, {
          to: creator.id,
          kind: 'trial_started',
          fan: { id: fanId, username: fan.username },
          subscriptionId: row.id,
          trialDays,
        });
        return row;
      });
      changes.announce({ kind: 'following_changed', userId: fanId });
      if (created) await notify([created]);
      await deps.onSubscribed?.(creator.id, fanId);
      return {
        id: subscription.id,
        creator_id: creator.id,
        username: creator.username,
        is_trial: true,
        price_cents: subscription.priceCents,
        current_period_end: subscription.currentPeriodEnd.toISOString(),
      };
    },

    /** What the subscribe dialog offers this fan: the monthly price, the best discount, bundles. */
    async optionsFor(fanId: number, creatorId: number): Promise<SubscribeOptions> {
      const creator = await findUserById(db, creatorId);
      // A block either way hides the creator as a suspension does: the same 404, no terms.
      if (
        !creator ||
        !creator.isCreator ||
        creator.suspendedAt ||
        (await isBlockedEitherWay(db, fanId, creator.id))
      ) {
        throw new NotFoundError('Creator not found.');
      }
      const price = creator.subscriptionPriceCents;
      if (price === 0 || creator.id === fanId) {
        return { creator_id: creator.id, price_cents: price, discount: null, bundles: [] };
      }
      const [best] = await discountsFor(db, fanId, creator.id);
      const bundles = await repo.bundlesOf(db, creator.id);
      return {
        creator_id: creator.id,
        price_cents: price,
        discount:
          best?.discountPercent != null
            ? {
                offer_id: best.id,
                discount_percent: best.discountPercent,
                first_period_cents: discountedCents(price, best.discountPercent),
                expires_at: best.expiresAt?.toISOString() ?? null,
              }
            : null,
        bundles: presentBundles(bundles, price),
      };
    },
  };
}
