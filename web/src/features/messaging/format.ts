import type { Attachment, ChatMessage, LastMessage } from './api';
import { formatDecimal, formatMoney } from '../../lib/format';

/** Spec §9: the last-message preview keeps 30 characters and adds '...'. */
const PREVIEW_MAX_CHARS = 30;

export type Preview =
  | { kind: 'none' }
  | { kind: 'locked' }
  | { kind: 'media' }
  | { kind: 'attachment' }
  | { kind: 'call' }
  | { kind: 'text'; text: string };

/** Cuts after 30 characters (whole emoji, not half of one) and adds '...'. */
export function truncatePreview(text: string, max = PREVIEW_MAX_CHARS): string {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : characters.join('');
}

/**
 * The Recent Chats line of a conversation: '🔒 Locked content' while the last message is
 * locked for the viewer, '📷 Media' for media without text, the text (truncated), and
 * '📎 Attachment' for a message with neither (e.g. its file was deleted since).
 */
export function previewOf(last: LastMessage | null): Preview {
  if (!last) return { kind: 'none' };
  // A call announcement's text is the server's English: the reader's language says it.
  if (last.is_system) return { kind: 'call' };
  if (last.is_locked && !last.is_unlocked) return { kind: 'locked' };
  const text = last.text.trim();
  if (last.has_media && !text) return { kind: 'media' };
  if (text) return { kind: 'text', text: truncatePreview(text) };
  return { kind: 'attachment' };
}

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Spec §9: sizes in messages as Bytes, KB, MB or GB (1024 steps, up to 2 decimals). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = Number.parseFloat((bytes / 1024 ** exponent).toFixed(2));
  return `${formatDecimal(value)} ${UNITS[exponent]}`;
}

/** Spec §5: a file over 10 GB is rejected. */
const MAX_ATTACHMENT_BYTES = 10 * 1024 ** 3;

export function isTooLarge(file: Pick<File, 'size'>): boolean {
  return file.size > MAX_ATTACHMENT_BYTES;
}

/** Spec §9: the unlock price shown when a locked message names none. */
const DEFAULT_PRICE_CENTS = 500;

/** What unlocking the message costs, in cents: its price, or the spec's default when none. */
export function unlockPriceCents(message: Pick<ChatMessage, 'price_cents'>): number {
  return message.price_cents > 0 ? message.price_cents : DEFAULT_PRICE_CENTS;
}

/** The label of a file: an upload stored without a name still needs one to download it by. */
export function attachmentName(attachment: Pick<Attachment, 'original_filename'>): string {
  return attachment.original_filename || 'file';
}

/** 'Unlock for $5.00': the app's one money format, as every other price shows. */
export function formatPrice(cents: number): string {
  return formatMoney(cents);
}

export type DayLabel =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'days'; count: number }
  | { kind: 'week' }
  | { kind: 'weeks'; count: number }
  | { kind: 'date'; date: Date };

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days between two moments in local time (DST-safe). */
function calendarDaysBetween(earlier: Date, later: Date): number {
  return Math.round((startOfDay(later) - startOfDay(earlier)) / DAY_MS);
}

/**
 * Spec §9 relative time labels: Today, Yesterday, n days ago (under 7), 1 week ago (under
 * 14), n weeks ago (under 30), else a date. Counted in calendar days; future moments (clock
 * skew) are Today. Undefined for an unreadable value.
 */
export function relativeDay(value: string | Date, now: Date = new Date()): DayLabel | undefined {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  if (days < 7) return { kind: 'days', count: days };
  if (days < 14) return { kind: 'week' };
  if (days < 30) return { kind: 'weeks', count: Math.floor(days / 7) };
  return { kind: 'date', date };
}

/** The local calendar day of a moment, for grouping messages ('' when unreadable). */
export function dayKey(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}
