/**
 * Pure rules of the idle sign-out (the "sessionTimeout" setting, spec §9: 15, 30, 60 or 120
 * minutes, or 0 for never). The last activity is shared by every tab through localStorage, so
 * working in one tab keeps the others signed in.
 */

export const ACTIVITY_STORAGE_KEY = 'zura-last-activity';
/** Activity is written to storage at most this often. */
export const ACTIVITY_WRITE_INTERVAL_MS = 5_000;
/** Even a far deadline is re-checked this often (sleeping laptops, changed settings). */
export const MAX_CHECK_DELAY_MS = 60_000;
const MIN_CHECK_DELAY_MS = 250;
const MINUTE_MS = 60_000;

/** When the session ends without further activity; null for "never" (0) or no valid setting. */
export function idleDeadline(lastActivity: number, timeoutMinutes: number): number | null {
  if (!Number.isFinite(timeoutMinutes) || timeoutMinutes <= 0) return null;
  return lastActivity + timeoutMinutes * MINUTE_MS;
}

export function isIdle(now: number, lastActivity: number, timeoutMinutes: number): boolean {
  const deadline = idleDeadline(lastActivity, timeoutMinutes);
  return deadline !== null && now >= deadline;
}

/** A stored activity time, or null when missing or unreadable. */
export function parseActivity(raw: string | null | undefined): number | null {
  if (!raw) return null;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The latest activity of this tab and the shared record. A shared time in the future (another
 * clock, a tampered value) counts as now, so it can never postpone the sign-out for long.
 */
export function latestActivity(local: number, shared: number | null, now: number): number {
  const other = shared === null ? local : Math.min(shared, now);
  return Math.max(local, other);
}

/** How long to wait before looking again. */
export function nextCheckDelay(now: number, deadline: number): number {
  return Math.min(Math.max(deadline - now, MIN_CHECK_DELAY_MS), MAX_CHECK_DELAY_MS);
}
