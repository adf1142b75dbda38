import { queryOptions } from '@tanstack/react-query';
import { NOTICE_KINDS, type NoticeKind } from '@zura/contracts/notice-kinds';
import { isRecord } from '../../lib/api-errors';
import { client, type Answer } from '../../lib/api-client';
import { notificationKeys } from '../../lib/query-keys';

/** A notification as the API answers it (and the `notification` frame carries it). */
export type AppNotification = Answer<'/api/notifications/', 'get'>[number];
type NotificationSummary = Answer<'/api/notifications/summary/', 'get'>;

/** `data` is a free record whose keys depend on the type: each is read only if it fits. */
function positiveId(value: unknown): number | null {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function isNoticeKind(value: unknown): value is NoticeKind {
  return typeof value === 'string' && (NOTICE_KINDS as readonly string[]).includes(value);
}

/** `data` as a record: a frame body from an older server may lack it (then no facts). */
function dataOf(notification: Pick<AppNotification, 'data'>): Record<string, unknown> {
  return isRecord(notification.data) ? notification.data : {};
}

/**
 * What the item renders in the reader's language: the kind and its facts (`data`). A kind this
 * build does not know (a newer server) shows the server's English words.
 */
export function noticeOf(
  notification: Pick<AppNotification, 'kind' | 'data' | 'title' | 'message'>,
): { kind: NoticeKind; facts: Record<string, unknown> } {
  return isNoticeKind(notification.kind)
    ? { kind: notification.kind, facts: dataOf(notification) }
    : { kind: 'text', facts: { title: notification.title, message: notification.message } };
}

/** The conversation a message, a call or an unlock was in, when `data` names one. */
export function conversationIdOf(notification: Pick<AppNotification, 'data'>): number | null {
  return positiveId(dataOf(notification).conversation_id);
}

/** The post a like, a comment or an unlock was about: opening the notice shows it. */
export function postIdOf(notification: Pick<AppNotification, 'data'>): number | null {
  return positiveId(dataOf(notification).post_id);
}

function isNotification(body: unknown): body is AppNotification {
  return isRecord(body) && typeof body.id === 'number';
}

/**
 * The body of a live `notification` frame (the server sends the notification as its answers
 * do); a body without a numeric id is ignored.
 */
export function parseNotification(body: unknown): AppNotification | undefined {
  return isNotification(body) ? body : undefined;
}

/** The newest this many notifications (the server's maximum page). */
const NOTIFICATION_LIST_LIMIT = 200;

/** GET /notifications/: newest first. */
export function notificationsQuery() {
  return queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) =>
      client.GET('/api/notifications/', { query: { limit: NOTIFICATION_LIST_LIMIT }, signal }),
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
        return await client.GET('/api/notifications/summary/', { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        return EMPTY_SUMMARY;
      }
    },
    retry: false,
  });
}

export function markNotificationRead(id: number) {
  return client.POST('/api/notifications/{id}/mark_read/', { path: { id } });
}

export function markAllNotificationsRead() {
  return client.POST('/api/notifications/mark_all_read/');
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
    (id === 'all' || item.id === id) && !item.is_read
      ? { ...item, is_read: true, read_at: readAt }
      : item,
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
