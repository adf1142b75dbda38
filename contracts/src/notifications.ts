import { z } from 'zod';
import { NOTICE_KINDS } from './notice-kinds.ts';

/** Response schemas of `/api/notifications/`; a live `notification` frame carries the same. */

export const NOTIFICATION_TYPES = [
  'message',
  'call',
  'subscription',
  'payment',
  'system',
  'unlock',
  'follow',
  'like',
  'comment',
] as const;

/**
 * A notification is stored as its kind and its facts (`data`, keys per kind in
 * notice-kinds.ts), never as a sentence: the web renders it in the reader's language with
 * `renderNotice`. `title` and `message` are the English rendering of the same facts, kept
 * because the spec's API gives them and API clients (and the OpenAPI document) rely on them.
 */
export const notification = z.object({
  id: z.number().int(),
  /** English, rendered from kind and data on each answer. */
  title: z.string(),
  /** English, rendered from kind and data on each answer. */
  message: z.string(),
  notification_type: z.enum(NOTIFICATION_TYPES),
  kind: z.enum(NOTICE_KINDS),
  is_read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  /** The facts of the notice (ids, usernames, amounts in cents, currency); keys by kind. */
  data: z.record(z.string(), z.unknown()),
});
export const notificationList = z.array(notification);

export const notificationSummary = z.object({
  total_count: z.number().int(),
  unread_count: z.number().int(),
  /** Every type, 0 when none is unread. */
  unread_by_type: z.record(z.string(), z.number().int()),
  recent_notifications: notificationList,
});

export const notificationMarkedRead = z.object({
  message: z.string(),
  unread_count: z.number().int(),
});

export const notificationsMarkedRead = notificationMarkedRead.extend({
  marked: z.number().int(),
});
