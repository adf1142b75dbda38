import type { BundleMonths } from '@zura/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** `trial`: N free days through a link. `discount`: a lower first period for an audience. */
export const OFFER_KINDS = ['trial', 'discount'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** Who may claim: fans who never subscribed, fans whose subscription expired, or anyone. */
export const OFFER_AUDIENCES = ['new', 'returning', 'everyone'] as const;
export type OfferAudience = (typeof OFFER_AUDIENCES)[number];

/**
 * A creator's time-limited offer. A claim is one row in offer_claims (so a fan claims once) and
 * one step of claim_count, which the check keeps within claim_limit under parallel claims.
 */
export const subscriptionOffers = pgTable(
  'subscription_offers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OFFER_KINDS }).notNull(),
    /** The unguessable token of the offer's link (`/offers/{code}`). */
    code: text('code').notNull(),
    trialDays: integer('trial_days'),
    discountPercent: integer('discount_percent'),
    audience: text('audience', { enum: OFFER_AUDIENCES }).notNull().default('everyone'),
    /** Null: no limit. */
    claimLimit: integer('claim_limit'),
    claimCount: integer('claim_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Ended early by the creator. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscription_offers_code_key').on(t.code),
    index('subscription_offers_creator_idx').on(t.creatorId, t.createdAt.desc()),
    check(
      'subscription_offers_terms',
      sql`(${t.kind} = 'trial' and ${t.trialDays} between 1 and 90)
        or (${t.kind} = 'discount' and ${t.discountPercent} between 1 and 95)`,
    ),
    check(
      'subscription_offers_within_limit',
      sql`${t.claimLimit} is null or ${t.claimCount} <= ${t.claimLimit}`,
    ),
  ],
);

export const offerClaims = pgTable(
  'offer_claims',
  {
    offerId: bigint('offer_id', { mode: 'number' })
      .notNull()
      .references(() => subscriptionOffers.id, { onDelete: 'cascade' }),
    fanId: bigint('fan_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: bigint('subscription_id', { mode: 'number' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.fanId] })],
);

/** Several months paid at once at a discount; renews as the same bundle unless cancelled. */
export const subscriptionBundles = pgTable(
  'subscription_bundles',
  {
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 3, 6 or 12, as subscription_bundles_months checks.
    months: integer('months').$type<BundleMonths>().notNull(),
    discountPercent: integer('discount_percent').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.months] }),
    check('subscription_bundles_months', sql`${t.months} in (3, 6, 12)`),
    check('subscription_bundles_discount', sql`${t.discountPercent} between 1 and 95`),
  ],
);

export type SubscriptionOfferRow = typeof subscriptionOffers.$inferSelect;
