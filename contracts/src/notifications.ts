import { z } from 'zod';

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

export const notification = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  notification_type: z.enum(NOTIFICATION_TYPES),
  is_read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  /** What the notice is about (ids, usernames, amounts); its keys depend on the type. */
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
