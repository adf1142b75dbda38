import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';
import { isRecord } from '../../lib/api-errors';

const rawNotification = z.looseObject({
  id: z.number(),
  title: z.string().nullish(),
  message: z.string().nullish(),
  notification_type: z.string().nullish(),
  is_read: z.boolean().nullish(),
  read_at: z.string().nullish(),
  created_at: z.string().nullish(),
  data: z
    .looseObject({
      conversation_id: z.union([z.number(), z.string()]).nullish(),
      post_id: z.number().nullish(),
      sender_id: z.number().nullish(),
      sender_username: z.string().nullish(),
      has_media: z.boolean().nullish(),
    })
    .nullish(),
});

export interface AppNotification {
  id: number;
  title: string;
  message: string;
  type: string;
  isRead: boolean;
  readAt: string | null;
  createdAt: string;
  conversationId: number | null;
  /** The post a like, a comment or an unlock was about: opening the notice shows it. */
  postId: number | null;
  senderUsername: string | null;
}

function toNotification(raw: z.infer<typeof rawNotification>): AppNotification {
  const conversationId = Number(raw.data?.conversation_id);
  return {
    id: raw.id,
    title: raw.title ?? '',
    message: raw.message ?? '',
    type: raw.notification_type ?? 'system',
    isRead: raw.is_read ?? false,
    readAt: raw.read_at ?? null,
    createdAt: raw.created_at ?? '',
    conversationId:
      Number.isSafeInteger(conversationId) && conversationId > 0 ? conversationId : null,
    postId: raw.data?.post_id ?? null,
    senderUsername: raw.data?.sender_username ?? null,
  };
}

export function parseNotification(body: unknown): AppNotification | undefined {
  const parsed = rawNotification.safeParse(body);
  return parsed.success ? toNotification(parsed.data) : undefined;
}

/** Spec §7: an array, or inside `results`. Malformed rows are skipped. */
export function parseNotifications(body: unknown): AppNotification[] {
  const list = Array.isArray(body)
    ? body
    : isRecord(body) && Array.isArray(body.results)
      ? body.results
      : [];
  return list.flatMap((item: unknown) => {
    const notification = parseNotification(item);
    return notification ? [notification] : [];
  });
}

/** The part of the notification summary the client reads. */
const notificationSummary = z.looseObject({
  total_count: z.number().optional(),
  unread_count: z.number(),
});
type NotificationSummary = z.infer<typeof notificationSummary>;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  summary: () => [...notificationKeys.all, 'summary'] as const,
};

/** The newest this many notifications (the server's maximum page). */
const NOTIFICATION_LIST_LIMIT = 200;

/** GET /notifications/: newest first. */
export function notificationsQuery() {
  return queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: async ({ signal }) =>
      parseNotifications(
        await api.get(`/notifications/?limit=${NOTIFICATION_LIST_LIMIT}`, { signal }),
      ),
  });
}

/** Spec: "summary failure returns zeros silently". */
const EMPTY_SUMMARY: NotificationSummary = { total_count: 0, unread_count: 0 };

export function notificationSummaryQuery() {
  return queryOptions({
    queryKey: notificationKeys.summary(),
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/notifications/summary/', { schema: notificationSummary, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        return EMPTY_SUMMARY;
      }
    },
    retry: false,
  });
}

const markReadAnswer = z.looseObject({ unread_count: z.number().optional() });

export function markNotificationRead(id: number) {
  return api.post(`/notifications/${id}/mark_read/`, undefined, { schema: markReadAnswer });
}

export function markAllNotificationsRead() {
  return api.post('/notifications/mark_all_read/', undefined, { schema: markReadAnswer });
}

// ---------------------------------------------------------------------------------------------
// Pure helpers of the list

/** Adds notifications (a live frame, a replay) newest first, without duplicates. */
export function mergeNotifications(
  held: readonly AppNotification[],
  incoming: readonly AppNotification[],
): AppNotification[] {
  if (incoming.length === 0) return held as AppNotification[];
  const byId = new Map(held.map((item) => [item.id, item]));
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

export function markedRead(
  list: readonly AppNotification[],
  id: number | 'all',
  readAt: string,
): AppNotification[] {
  return list.map((item) =>
    (id === 'all' || item.id === id) && !item.isRead ? { ...item, isRead: true, readAt } : item,
  );
}

export function newestNotificationId(list: readonly AppNotification[] | undefined) {
  return list?.reduce<number | undefined>(
    (newest, item) => (newest === undefined || item.id > newest ? item.id : newest),
    undefined,
  );
}

export type NotificationAge =
  { unit: 'now' } | { unit: 'minutes' | 'hours'; count: number } | { unit: 'date'; date: Date };

/** Spec §9 notification age: Just now, {m}m ago, {h}h ago, else a date. */
export function notificationAge(
  createdAt: string,
  now: number = Date.now(),
): NotificationAge | undefined {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return undefined;
  const minutes = Math.floor((now - date.getTime()) / 60_000);
  if (minutes < 1) return { unit: 'now' };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'date', date };
}
