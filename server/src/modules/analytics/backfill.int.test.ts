import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { withDatabaseBefore } from '../../../test/migrations.ts';

/*
 * Migration 0033 counts the payments and subscriptions written before it (its backfill) by the
 * same rules as its triggers count the ones written after; together they equal the ledger.
 */
describe('the analytics roll-ups of rows written before migration 0033', () => {
  it('counts old rows once and new rows through the triggers', async () => {
    await withDatabaseBefore('analytics_rollups', async (handle) => {
      const db = handle.pool;
      const { rows: users } = await db.query<{ id: number }>(
        `insert into users (username, email, password_hash, is_creator)
         select 'old_' || g, 'old_' || g || '@example.com', 'x', g = 1 from generate_series(1, 3) g
         returning id::int`,
      );
      const [creator, fan, gone] = users.map((u) => u.id) as [number, number, number];
      // Two payments on one UTC day (one at 23:30 UTC), one the next, a payout (not earnings),
      // and a payment whose fan is gone (payer null): earnings, but no fan.
      await db.query(
        `insert into ledger_transactions (kind, payer_id, payee_id, amount_cents, fee_cents, created_at)
         values ('subscription', $2, $1, 499, 50, '2026-03-01 00:10+00'),
                ('tip', $2, $1, 1000, 100, '2026-03-01 23:30+00'),
                ('renewal', $2, $1, 499, 50, '2026-03-31 23:59+00'),
                ('post_unlock', null, $1, 300, 30, '2026-04-02 12:00+00'),
                ('payout_request', $1, null, 900, 0, '2026-04-02 12:00+00')`,
        [creator, fan],
      );
      await db.query(
        `insert into subscriptions (fan_id, creator_id, price_cents, status, current_period_end, expired_at, created_at)
         values ($2, $1, 499, 'expired', '2026-04-01 00:00+00', '2026-04-01 00:00+00', '2026-03-01 00:10+00'),
                ($3, $1, 499, 'active', '2026-05-01 00:00+00', null, '2026-04-01 08:00+00')`,
        [creator, fan, gone],
      );

      await runMigrations(handle.db);
      // After the migration, a payment through the trigger adds to the same day's row.
      await db.query(
        `insert into ledger_transactions (kind, payer_id, payee_id, amount_cents, fee_cents, created_at)
         values ('tip', $2, $1, 200, 20, '2026-03-01 12:00+00')`,
        [creator, fan],
      );
      await db.query(
        `update subscriptions set status = 'expired', expired_at = '2026-05-01 00:00+00'
          where fan_id = $1 and status = 'active'`,
        [gone],
      );

      const earnings = await db.query(
        `select day::text, source, gross_cents::int, fee_cents::int, count
           from creator_daily_earnings where creator_id = $1 order by day, source`,
        [creator],
      );
      expect(earnings.rows).toEqual([
        { day: '2026-03-01', source: 'subscription', gross_cents: 499, fee_cents: 50, count: 1 },
        { day: '2026-03-01', source: 'tip', gross_cents: 1200, fee_cents: 120, count: 2 },
        { day: '2026-03-31', source: 'renewal', gross_cents: 499, fee_cents: 50, count: 1 },
        { day: '2026-04-02', source: 'post_unlock', gross_cents: 300, fee_cents: 30, count: 1 },
      ]);
      const fans = await db.query(
        `select month::text, fan_id::int, spent_cents::int from creator_monthly_fans
          where creator_id = $1 order by month, fan_id`,
        [creator],
      );
      expect(fans.rows).toEqual([
        { month: '2026-03-01', fan_id: fan, spent_cents: 499 + 1200 + 499 },
      ]);
      const subscribers = await db.query(
        `select day::text, gained, lost from creator_daily_subscribers
          where creator_id = $1 order by day`,
        [creator],
      );
      expect(subscribers.rows).toEqual([
        { day: '2026-03-01', gained: 1, lost: 0 },
        { day: '2026-04-01', gained: 1, lost: 1 },
        { day: '2026-05-01', gained: 0, lost: 1 },
      ]);
      // The roll-up's totals are the ledger's.
      const check = await db.query<{ rollup: number; ledger: number }>(
        `select (select sum(gross_cents)::int from creator_daily_earnings where creator_id = $1) as rollup,
                (select sum(amount_cents)::int from ledger_transactions
                  where payee_id = $1 and kind <> 'payout_request') as ledger`,
        [creator],
      );
      expect(check.rows[0]?.rollup).toBe(check.rows[0]?.ledger);
    });
  });
});
