import { z } from 'zod';

/**
 * Earnings analytics (GET /api/creator/analytics/): revenue by source, subscribers gained and
 * lost, the renewal rate and top fans over a range of UTC days, read from the daily roll-ups.
 */

/** The longest range one request may cover: two years of days (a leap day included). */
export const ANALYTICS_MAX_DAYS = 731;
export const ANALYTICS_TOP_FANS = 10;

/** The sources revenue is split into, and the ledger transaction kinds each one sums. */
export const ANALYTICS_SOURCES = {
  subscriptions: ['subscription', 'renewal'],
  tips: ['tip'],
  messages: ['message_unlock'],
  unlocks: ['post_unlock'],
} as const;
export type AnalyticsSource = keyof typeof ANALYTICS_SOURCES;
export const ANALYTICS_SOURCE_NAMES = Object.keys(ANALYTICS_SOURCES) as AnalyticsSource[];

/** The CSV export's columns (GET /api/creator/analytics/export/): one row per day and source. */
export const ANALYTICS_CSV_COLUMNS = ['day', 'source', 'count', 'gross', 'fee', 'net'];

/** A UTC calendar day `YYYY-MM-DD` that exists (no 2025-02-30). */
export const isoDay = z
  .string({ error: 'Give a date as YYYY-MM-DD.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a date as YYYY-MM-DD.')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
  }, 'This date does not exist.');

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (range.from > range.to) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'The end date is before the start date.',
    });
  } else if (daysBetween(range.from, range.to) > ANALYTICS_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'A range covers at most two years.' });
  }
}

export const analyticsRangeQuery = z
  .object({ from: isoDay, to: isoDay })
  .strict()
  .superRefine(checkRange);

export const analyticsQuery = z
  .object({
    from: isoDay,
    to: isoDay,
    granularity: z.enum(['day', 'month'], { error: 'Choose day or month.' }).default('day'),
  })
  .strict()
  .superRefine(checkRange);
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

/** Money of one source or of all: gross (what fans paid), the platform's fee, net (the rest). */
export const analyticsMoney = z.object({
  count: z.number().int(),
  gross_cents: z.number().int(),
  fee_cents: z.number().int(),
  net_cents: z.number().int(),
});
export type AnalyticsMoney = z.infer<typeof analyticsMoney>;

const bySource = z.object({
  subscriptions: analyticsMoney,
  tips: analyticsMoney,
  messages: analyticsMoney,
  unlocks: analyticsMoney,
});

/**
 * One day, or one month starting on its 1st (its sums cover only the days inside the range),
 * zero-filled when nothing happened.
 */
export const analyticsBucket = z.object({
  start: z.string(),
  sources: bySource,
  total: analyticsMoney,
  gained: z.number().int(),
  lost: z.number().int(),
});
export type AnalyticsBucket = z.infer<typeof analyticsBucket>;

export const analyticsTopFan = z.object({
  /** null when the fan's account is gone. */
  username: z.string().nullable(),
  spent_cents: z.number().int(),
});

export const analyticsResponse = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(['day', 'month']),
  buckets: z.array(analyticsBucket),
  totals: z.object({
    sources: bySource,
    total: analyticsMoney,
    gained: z.number().int(),
    lost: z.number().int(),
  }),
  /**
   * Renewals / (renewals + subscriptions lost) over the range: of the subscriptions that came to
   * the end of a paid period, the share that paid for another. null when none did either.
   */
  renewal_rate: z.number().nullable(),
  /** Fans by what they spent in the calendar months the range touches (whole months). */
  top_fans: z.array(analyticsTopFan),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;
