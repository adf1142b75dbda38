import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** Reads of the analytics roll-ups (kept by the triggers of migration 0033); never the ledger. */

export type Granularity = 'day' | 'month';

export type EarningsRow = {
  bucket: string;
  kind: string;
  count: number;
  grossCents: number;
  feeCents: number;
};

function bucketOf(granularity: Granularity) {
  // A fixed SQL fragment per granularity, never text from the request.
  return granularity === 'month' ? sql.raw(`date_trunc('month', day)::date`) : sql.raw('day');
}

/** The creator's earnings per bucket and transaction kind, `from` to `to` (UTC days, included). */
export async function earningsByBucket(
  db: Executor,
  creatorId: number,
  from: string,
  to: string,
  granularity: Granularity,
): Promise<EarningsRow[]> {
  const bucket = bucketOf(granularity);
  const result = await db.execute<{
    bucket: string;
    source: string;
    count: string;
    gross: string;
    fee: string;
  }>(sql`
    select to_char(${bucket}, 'YYYY-MM-DD') as bucket, source, sum(count)::text as count,
           sum(gross_cents)::text as gross, sum(fee_cents)::text as fee
      from creator_daily_earnings
     where creator_id = ${creatorId} and day between ${from}::date and ${to}::date
     group by 1, 2
     order by 1, 2`);
  return result.rows.map((row) => ({
    bucket: row.bucket,
    kind: row.source,
    count: Number(row.count),
    grossCents: Number(row.gross),
    feeCents: Number(row.fee),
  }));
}

export type SubscribersRow = { bucket: string; gained: number; lost: number };

export async function subscribersByBucket(
  db: Executor,
  creatorId: number,
  from: string,
  to: string,
  granularity: Granularity,
): Promise<SubscribersRow[]> {
  const bucket = bucketOf(granularity);
  const result = await db.execute<{ bucket: string; gained: string; lost: string }>(sql`
    select to_char(${bucket}, 'YYYY-MM-DD') as bucket, sum(gained)::text as gained,
           sum(lost)::text as lost
      from creator_daily_subscribers
     where creator_id = ${creatorId} and day between ${from}::date and ${to}::date
     group by 1
     order by 1`);
  return result.rows.map((row) => ({
    bucket: row.bucket,
    gained: Number(row.gained),
    lost: Number(row.lost),
  }));
}

export type TopFanRow = { username: string | null; spentCents: number };

/**
 * The fans who spent most with the creator in the calendar months from `from`'s to `to`'s (the
 * roll-up is monthly), biggest first; ties by fan id so the list is stable.
 */
export async function topFans(
  db: Executor,
  creatorId: number,
  from: string,
  to: string,
  limit: number,
): Promise<TopFanRow[]> {
  const result = await db.execute<{ username: string | null; spent: string }>(sql`
    select u.username, top.spent::text as spent
      from (select fan_id, sum(spent_cents) as spent
              from creator_monthly_fans
             where creator_id = ${creatorId}
               and month between date_trunc('month', ${from}::date)::date
                             and date_trunc('month', ${to}::date)::date
             group by fan_id
             order by spent desc, fan_id
             limit ${limit}) top
      left join users u on u.id = top.fan_id
     order by top.spent desc, top.fan_id`);
  return result.rows.map((row) => ({ username: row.username, spentCents: Number(row.spent) }));
}
