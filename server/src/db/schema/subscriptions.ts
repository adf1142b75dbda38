import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const SUBSCRIPTION_STATUSES = ['active', 'expired'] as const;

/**
 * A fan's subscription to a creator, a month at a time, at the price agreed when it started (or
 * a lower one the creator set since). Cancelling keeps it active to the end of the period; the
 * renewal job then charges that price or expires it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fanId: bigint('fan_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** Months per period: 1, or a bundle's 3, 6 or 12; a renewal charges price_cents again. */
    periodMonths: integer('period_months').notNull().default(1),
    /** A free trial's first period: nothing was charged; the renewal job charges at its end. */
    isTrial: boolean('is_trial').notNull().default(false),
    /** The offer (trial or discount) it started from. */
    offerId: bigint('offer_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_active_key')
      .on(t.fanId, t.creatorId)
      .where(sql`${t.status} = 'active'`),
    index('subscriptions_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} = 'active'`),
    index('subscriptions_fan_idx').on(t.fanId, t.status),
    // A creator's fans: the audience export and the subscription counts read by creator.
    index('subscriptions_creator_fan_idx').on(t.creatorId, t.fanId),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * A fan's consent to show their email to one creator in that creator's audience export: asked
 * once when they subscribe, off unless they say yes, withdrawn by deleting the row.
 */
export const emailShares = pgTable(
  'email_shares',
  {
    fanId: bigint('fan_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fanId, t.creatorId] }),
    index('email_shares_creator_idx').on(t.creatorId),
  ],
);
