import { Readable } from 'node:stream';
import {
  ANALYTICS_CSV_COLUMNS,
  ANALYTICS_SOURCE_NAMES,
  ANALYTICS_TOP_FANS,
  type AnalyticsBucket,
  type AnalyticsResponse,
} from '@zura/contracts';
import type { Database } from '../../db/client.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { csvRow } from '../audience/index.ts';
import { findUserById } from '../users/index.ts';
import { addMoney, bucketStarts, daysOf, sourceOfKind, zeroMoney, zeroSources } from './buckets.ts';
import {
  earningsByBucket,
  subscribersByBucket,
  topFans,
  type EarningsRow,
  type Granularity,
} from './repo.ts';

export const NOT_A_CREATOR_MESSAGE = 'Only creators have earnings analytics.';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Earnings rows spread over zero-filled buckets, by source, with each bucket's total. */
function fillBuckets(starts: string[], rows: EarningsRow[]): Map<string, AnalyticsBucket> {
  const buckets = new Map<string, AnalyticsBucket>();
  for (const start of starts) {
    buckets.set(start, { start, sources: zeroSources(), total: zeroMoney(), gained: 0, lost: 0 });
  }
  for (const row of rows) {
    const bucket = buckets.get(row.bucket);
    const source = sourceOfKind(row.kind);
    // The triggers only count payment kinds, and every bucket of the range is there.
    if (!bucket || !source) continue;
    addMoney(bucket.sources[source], row);
    addMoney(bucket.total, row);
  }
  return buckets;
}

export function createAnalyticsService(deps: { db: Database }) {
  const { db } = deps;

  async function creatorOf(userId: number): Promise<number> {
    const user = await findUserById(db, userId);
    if (!user) throw new NotFoundError('User not found');
    if (!user.isCreator) throw new ForbiddenError(NOT_A_CREATOR_MESSAGE);
    return user.id;
  }

  return {
    async report(
      userId: number,
      query: { from: string; to: string; granularity: Granularity },
    ): Promise<AnalyticsResponse> {
      const creatorId = await creatorOf(userId);
      const { from, to, granularity } = query;
      const [earnings, subscribers, fans] = await Promise.all([
        earningsByBucket(db, creatorId, from, to, granularity),
        subscribersByBucket(db, creatorId, from, to, granularity),
        topFans(db, creatorId, from, to, ANALYTICS_TOP_FANS),
      ]);
      const buckets = fillBuckets(bucketStarts(from, to, granularity), earnings);
      for (const row of subscribers) {
        const bucket = buckets.get(row.bucket);
        if (!bucket) continue;
        bucket.gained += row.gained;
        bucket.lost += row.lost;
      }
      const totals = { sources: zeroSources(), total: zeroMoney(), gained: 0, lost: 0 };
      for (const bucket of buckets.values()) {
        for (const source of ANALYTICS_SOURCE_NAMES) {
          const money = bucket.sources[source];
          const add = {
            count: money.count,
            grossCents: money.gross_cents,
            feeCents: money.fee_cents,
          };
          addMoney(totals.sources[source], add);
          addMoney(totals.total, add);
        }
        totals.gained += bucket.gained;
        totals.lost += bucket.lost;
      }
      const renewals = earnings
        .filter((row) => row.kind === 'renewal')
        .reduce((sum, row) => sum + row.count, 0);
      const ended = renewals + totals.lost;
      return {
        from,
        to,
        granularity,
        buckets: [...buckets.values()],
        totals,
        renewal_rate: ended === 0 ? null : renewals / ended,
        top_fans: fans.map((fan) => ({ username: fan.username, spent_cents: fan.spentCents })),
      };
    },

    /**
     * The range as CSV, one row per day and source (zero rows included, so a spreadsheet sees
     * every day). Checked before the body is built, so a refusal is a plain 403.
     */
    async exportCsv(
      userId: number,
      range: { from: string; to: string },
    ): Promise<{ filename: string; body: Readable }> {
      const creatorId = await creatorOf(userId);
      const rows = await earningsByBucket(db, creatorId, range.from, range.to, 'day');
      const days = fillBuckets(daysOf(range.from, range.to), rows);
      const lines = [csvRow(ANALYTICS_CSV_COLUMNS)];
      for (const bucket of days.values()) {
        for (const source of ANALYTICS_SOURCE_NAMES) {
          const money = bucket.sources[source];
          lines.push(
            csvRow([
              bucket.start,
              source,
              String(money.count),
              dollars(money.gross_cents),
              dollars(money.fee_cents),
              dollars(money.net_cents),
            ]),
          );
        }
      }
      return {
        filename: `zura-earnings-${range.from}-to-${range.to}.csv`,
        body: Readable.from(lines),
      };
    },
  };
}
