import { ANALYTICS_MAX_DAYS, daysBetween } from '@zura/contracts';

/** The ranges the analytics page offers, in UTC days (the server's days). */
export type RangePreset = '7d' | '30d' | '12m' | 'custom';
export const RANGE_PRESETS: readonly RangePreset[] = ['7d', '30d', '12m', 'custom'];

export interface AnalyticsRange {
  from: string;
  to: string;
  granularity: 'day' | 'month';
}

/** Ranges up to this many days are drawn by day; longer ones by month. */
const DAILY_UP_TO_DAYS = 92;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function daysBefore(today: Date, days: number): string {
  return utcDay(new Date(today.getTime() - days * 86_400_000));
}

/** A preset's range ending today (UTC); 12 months starts on the first day of a month. */
export function presetRange(
  preset: Exclude<RangePreset, 'custom'>,
  today = new Date(),
): AnalyticsRange {
  const to = utcDay(today);
  if (preset === '7d') return { from: daysBefore(today, 6), to, granularity: 'day' };
  if (preset === '30d') return { from: daysBefore(today, 29), to, granularity: 'day' };
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1));
  return { from: utcDay(start), to, granularity: 'month' };
}

/** A custom range, or why it cannot be asked for (the server says the same with a 400). */
export function customRange(from: string, to: string): AnalyticsRange | 'invalid' | 'too-long' {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to) {
    return 'invalid';
  }
  const days = daysBetween(from, to);
  if (days > ANALYTICS_MAX_DAYS) return 'too-long';
  return { from, to, granularity: days <= DAILY_UP_TO_DAYS ? 'day' : 'month' };
}
