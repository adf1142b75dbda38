function trimmed(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '');
}

/** Follower-style counts: 999, 1K, 58.5K, 1.2M (thresholds 1,000 and 1,000,000). */
export function formatCount(value: number): string {
  // 999,999 would round to "1000K"; it reads better as "1M".
  if (value >= 999_950) return `${trimmed(value / 1_000_000)}M`;
  if (value >= 1_000) return `${trimmed(value / 1_000)}K`;
  return String(value);
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
export function formatShortDate(value: string | Date, locale = 'en-US'): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(date);
}

/** A moment with its time of day ("Jan 5, 2025, 3:04 PM"); '' when unreadable. */
export function formatDateTime(value: string | Date, locale = 'en-US'): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
