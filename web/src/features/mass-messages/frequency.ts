import { massMessageTooSoon } from '@zura/contracts';
import { ApiError } from '../../lib/api-errors';

/** When the next mass message may go, if the server refused this one as too soon (429). */
export function nextSendAt(error: unknown): Date | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const parsed = massMessageTooSoon.safeParse(error.body);
  if (!parsed.success) return undefined;
  const at = new Date(parsed.data.next_at);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** The moment in the reader's language: the time today, else the day and the time. */
export function formatNextSend(at: Date, language: string, now = new Date()): string {
  const sameDay = at.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(language, {
    ...(sameDay ? {} : { weekday: 'short', day: 'numeric', month: 'short' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}
