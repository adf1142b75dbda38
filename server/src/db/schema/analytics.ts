import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Daily roll-ups of a creator's earnings, kept by triggers as ledger transactions are written
 * (UTC days), so analytics never scan the ledger. `source` is the transaction kind.
 */
export const creatorDailyEarnings = pgTable(
  'creator_daily_earnings',
  {
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.day, t.source] })],
);

/** Subscribers a creator gained (new subscriptions) and lost (expired ones) per UTC day. */
export const creatorDailySubscribers = pgTable(
  'creator_daily_subscribers',
  {
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    gained: integer('gained').notNull().default(0),
    lost: integer('lost').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.day] })],
);

/** What each fan spent with a creator per calendar month (first day of the month, UTC). */
export const creatorMonthlyFans = pgTable(
  'creator_monthly_fans',
  {
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    fanId: bigint('fan_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.month, t.fanId] }),
    // Top fans over a range add up each fan's months: read from this index alone (index-only
    // scan), never from the table's rows scattered over many pages.
    index('creator_monthly_fans_top_idx').on(t.creatorId, t.month, t.fanId, t.spentCents),
  ],
);
