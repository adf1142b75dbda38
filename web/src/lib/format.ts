import { formatMoney as formatMoneyIn } from '@zura/contracts/money-format';
import { currentLanguage } from './i18n';

/**
 * Numbers, money and dates go through `Intl` in the app's current language (dates and times in
 * the browser's time zone). Helpers take the language as an argument where a caller (or a test)
 * has it; otherwise the current one. These are the app's only formatters: no component writes
 * "$" or calls toLocaleString itself (format-usage.test.ts fails on one that does).
 */

/** Follower-style counts: 999, 1K, 58.5K, 1.2M in English; "58,5 k" in French. */
export function formatCount(value: number, locale: string = currentLanguage()): string {
  return new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * Every price and balance: "$12.50" in English, "12,50 US$" in Spanish, always with the cents;
 * four digits not grouped. The one formatter of @zura/contracts, which notifications use too.
 */
export function formatMoney(
  cents: number,
  locale: string = currentLanguage(),
  currency = 'USD',
): string {
  return formatMoneyIn(cents, locale, currency);
}

/** A measure with at most two decimals and no grouping (file sizes): 1.5 / 1,5, 1023.99. */
export function formatDecimal(value: number, locale: string = currentLanguage()): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(
    value,
  );
}

/** A plain number with the language's digits grouping: 12,345 / 12.345. */
export function formatNumber(value: number, locale: string = currentLanguage()): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** Unread badges show the number up to 99 and '99+' above. */
export function formatBadgeCount(value: number): string {
  return value > 99 ? '99+' : String(value);
}

/** How long ago a post was written, in the largest whole unit; older than a week: a date. */
export type PostAge =
  | { unit: 'now' }
  | { unit: 'minutes' | 'hours' | 'days'; count: number }
  | { unit: 'date'; date: Date };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function toDate(value: string | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The age of a timestamp at `now`. Anything under a minute, and timestamps slightly ahead of
 * the local clock (server and browser clocks differ), count as "now". Undefined if unreadable.
 */
export function postAge(createdAt: string | Date, now = Date.now()): PostAge | undefined {
  const date = toDate(createdAt);
  if (!date) return undefined;
  const elapsed = now - date.getTime();
  if (elapsed < MINUTE_MS) return { unit: 'now' };
  if (elapsed < HOUR_MS) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE_MS) };
  if (elapsed < DAY_MS) return { unit: 'hours', count: Math.floor(elapsed / HOUR_MS) };
  if (elapsed < 7 * DAY_MS) return { unit: 'days', count: Math.floor(elapsed / DAY_MS) };
  return { unit: 'date', date };
}

/** Spec: post dates as short month, day, year ("Jan 5, 2025"); '' when unreadable. */
export function formatShortDate(value: string | Date, locale: string = currentLanguage()): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(date);
}

/**
 * Every moment with its time of day: the language's medium date and short time ("Dec 1, 2026,
 * 11:33 PM", "01.12.2026, 23:33"); '' when unreadable.
 */
export function formatDateTime(value: string | Date, locale: string = currentLanguage()): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A calendar day or month given in UTC (a chart's bucket, "2026-11-01"): "Nov 1" or "Nov 2026",
 * read in UTC so no time zone moves it to the day before.
 */
export function formatUtcDay(
  value: Date,
  unit: 'day' | 'month',
  locale: string = currentLanguage(),
): string {
  const parts: Intl.DateTimeFormatOptions =
    unit === 'month' ? { month: 'short', year: 'numeric' } : { month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat(locale, { ...parts, timeZone: 'UTC' }).format(value);
}
