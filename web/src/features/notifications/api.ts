import { queryOptions } from '@tanstack/react-query';
import { NOTICE_KINDS, type NoticeKind } from '@zura/contracts/notice-kinds';
import type {
  notification,
  notificationMarkedRead,
  notificationSummary,
  notificationsMarkedRead,
} from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { isRecord } from '../../lib/api-errors';
import { notificationKeys } from '../../lib/query-keys';

/** The server serializes through the contracts' schemas, so their types are the answers' shapes. */
type WireNotification = z.infer<typeof notification>;
type NotificationSummary = z.infer<typeof notificationSummary>;

export interface AppNotification {
  id: number;
  /** What happened; with `facts`, what the item renders in the reader's language. */
  kind: NoticeKind;
  facts: Record<string, unknown>;
  type: string;
  isRead: boolean;
  readAt: string | null;
  createdAt: string;
  conversationId: number | null;
  /** The post a like, a comment or an unlock was about: opening the notice shows it. */
  postId: number | null;
  senderUsername: string | null;
}

/** `data` is a free record whose keys depend on the type: each is read only if it fits. */
function positiveId(value: unknown): number | null {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function isNoticeKind(value: unknown): value is NoticeKind {
  return typeof value === 'string' && (NOTICE_KINDS as readonly string[]).includes(value);
}

export function toNotification(raw: WireNotification): AppNotification {
  const username = raw.data.sender_username;
  // A kind this build does not know (a newer server) shows the server's English words.
  const known = isNoticeKind(raw.kind);
  return {
    id: raw.id,
    kind: known ? raw.kind : 'text',
    facts: known ? raw.data : { title: raw.title, message: raw.message },
    type: raw.notification_type,
    isRead: raw.is_read,
    readAt: raw.read_at,
    createdAt: raw.created_at,
    conversationId: positiveId(raw.data.conversation_id),
    postId: positiveId(raw.data.post_id),
    senderUsername: typeof username === 'string' ? username : null,
  };
}

/**
 * The body of a live `notification` frame (the server sends the contract's `notification`
 * there too); a body without a numeric id is ignored.
 */
export function parseNotification(body: unknown): AppNotification | undefined {
  if (!isRecord(body) || typeof body.id !== 'number') return undefined;
  return toNotification({
    ...(body as WireNotification),
    data: isRecord(body.data) ? body.data : {},
  });
}

/** The newest this many notifications (the server's maximum page). */
const NOTIFICATION_LIST_LIMIT = 200;

/** GET /notifications/: newest first. */
export function notificationsQuery() {
  return queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: async ({ signal }) => {
      const path = `/notifications/?limit=${NOTIFICATION_LIST_LIMIT}`;
      return (await api.get<WireNotification[]>(path, { signal })).map(toNotification);
    },
  });
}

/** Spec: "summary failure returns zeros silently". */
const EMPTY_SUMMARY: NotificationSummary = {
  total_count: 0,
  unread_count: 0,
  unread_by_type: {},
  recent_notifications: [],
};

export function notificationSummaryQuery() {
  return queryOptions({
    queryKey: notificationKeys.summary(),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<NotificationSummary>('/notifications/summary/', { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        return EMPTY_SUMMARY;
      }
    },
    retry: false,
  });
}

export function markNotificationRead(id: number) {
  return api.post<z.infer<typeof notificationMarkedRead>>(`/notifications/${id}/mark_read/`);
}

export function markAllNotificationsRead() {
  return api.post<z.infer<typeof notificationsMarkedRead>>('/notifications/mark_all_read/');
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
