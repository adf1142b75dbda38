import { z } from 'zod';
import { presentedPost } from './post.ts';

/** How far ahead a post may be scheduled. */
export const SCHEDULE_MAX_DAYS_AHEAD = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reads a `publish_at` value (an ISO time with its offset) and answers the time or why it is
 * refused: it must name a real moment strictly after `now` and at most a year ahead. Shared by
 * the server (which decides) and the web (which explains before sending).
 */
export function parsePublishAt(
  raw: string,
  now: Date,
): { ok: true; at: Date } | { ok: false; message: string } {
  // Date.parse accepts odd shapes; a schedule is always a full date and time.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(raw)) {
    return { ok: false, message: 'publish_at must be a date and time (ISO 8601).' };
  }
  const at = new Date(raw);
  if (Number.isNaN(at.getTime()) || !isCalendarDate(raw)) {
    return { ok: false, message: 'publish_at must be a date and time (ISO 8601).' };
  }
  if (at.getTime() <= now.getTime()) {
    return { ok: false, message: 'publish_at must be in the future.' };
  }
  if (at.getTime() > now.getTime() + SCHEDULE_MAX_DAYS_AHEAD * DAY_MS) {
    return {
      ok: false,
      message: `publish_at can be at most ${SCHEDULE_MAX_DAYS_AHEAD} days ahead.`,
    };
  }
  return { ok: true, at };
}

/** Whether the date part names a real day: `Date` quietly rolls 30 February into March. */
function isCalendarDate(raw: string): boolean {
  const [year, month, day] = raw.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `PATCH /api/posts/:id/schedule/`: a new time for an own draft, or null to unschedule it. */
export const postSchedule = z.object({
  publish_at: z.string({ error: 'publish_at must be a date and time or null.' }).nullable(),
});
export type PostSchedule = z.infer<typeof postSchedule>;

/** A draft as its author sees it, with when it is due (null: not scheduled). */
export const scheduledDraft = presentedPost.extend({ publish_at: z.string().nullable() });
export type ScheduledDraft = z.infer<typeof scheduledDraft>;
/** `GET /api/posts/scheduled/`: the author's queue, soonest first. */
export const scheduledQueue = z.array(scheduledDraft);
