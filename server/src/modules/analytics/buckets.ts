import {
  ANALYTICS_SOURCE_NAMES,
  ANALYTICS_SOURCES,
  type AnalyticsMoney,
  type AnalyticsSource,
} from '@zura/contracts';
import type { Granularity } from './repo.ts';

/** Bucket arithmetic on UTC calendar days (`YYYY-MM-DD`), free of any time zone. */

const DAY_MS = 86_400_000;

function dayString(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= end; ms += DAY_MS) days.push(dayString(ms));
  return days;
}

/** The buckets' first days: each day, or the first day of each month the range touches. */
export function bucketStarts(from: string, to: string, granularity: Granularity): string[] {
  if (granularity === 'day') return daysOf(from, to);
  const starts: string[] = [];
  const end = `${to.slice(0, 7)}-01`;
  const month = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
  for (let start = dayString(month.getTime()); start <= end; start = dayString(month.getTime())) {
    starts.push(start);
    month.setUTCMonth(month.getUTCMonth() + 1);
  }
  return starts;
}

/** The analytics source a ledger transaction kind counts under, if any. */
export function sourceOfKind(kind: string): AnalyticsSource | undefined {
  return ANALYTICS_SOURCE_NAMES.find((source) =>
    (ANALYTICS_SOURCES[source] as readonly string[]).includes(kind),
  );
}

export function zeroMoney(): AnalyticsMoney {
  return { count: 0, gross_cents: 0, fee_cents: 0, net_cents: 0 };
}

export function zeroSources(): Record<AnalyticsSource, AnalyticsMoney> {
  return {
    subscriptions: zeroMoney(),
    tips: zeroMoney(),
    messages: zeroMoney(),
    unlocks: zeroMoney(),
  };
}

/** Adds a count, gross and fee to `money` (net is gross less fee). */
export function addMoney(
  money: AnalyticsMoney,
  add: { count: number; grossCents: number; feeCents: number },
): void {
  money.count += add.count;
  money.gross_cents += add.grossCents;
  money.fee_cents += add.feeCents;
  money.net_cents += add.grossCents - add.feeCents;
}
