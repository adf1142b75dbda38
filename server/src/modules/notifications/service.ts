import { NOTIFICATION_TYPES, type NotificationRow } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import type { EventBus, LiveEvent } from '../../events/bus.ts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { createKeptNotificationPages } from './kept-notification-pages.ts';
import { presentNotification } from './presenter.ts';
import * as repo from './repo.ts';
import { cachedAnswer } from '../../lib/answer-cache.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;
/** Publishes notifications written by a committed transaction. */
export type Notify = (rows: NotificationRow[]) => Promise<void>;

const RECENT_COUNT = 5;

export function createNotificationsService(deps: {
  db: Database;
  bus: EventBus;
  changes: ChangeNotices;
}) {
  const { db, bus, changes } = deps;
  const firstPages = createKeptNotificationPages(db, changes);

  /** This instance's kept pages of `userId` go at once (the database's notice follows). */
  function changed(userId: number) {
    changes.announce({ kind: 'notifications_changed', userId });
  }

  /** Both unread badges of a user: messages and notifications. */
  function unreadBadges(userId: number) {
    return repo.unreadBadges(db, userId);
  }

  async function unreadCount(userId: number): Promise<number> {
    return (await unreadBadges(userId)).notifications;
  }

  /** Tells the user's other tabs and devices that the badge changed. */
  async function publishUnread(userId: number, count: number) {
    await bus.publish([{ userId, frame: { type: 'notifications_read', unread_count: count } }]);
  }

  async function summary(userId: number) {
    const [byType, total, recent] = await Promise.all([
      repo.unreadCountsByType(db, userId),
      repo.totalCount(db, userId),
      repo.listNotifications(db, userId, { limit: RECENT_COUNT }),
    ]);
    const unreadByType = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, 0]));
    for (const row of byType) unreadByType[row.type] = row.count;
    return {
      total_count: total,
      unread_count: byType.reduce((sum, row) => sum + row.count, 0),
      unread_by_type: unreadByType,
      recent_notifications: recent.map(presentNotification),
    };
  }

  /** After commit: push new notifications and the new badge count to their users' sockets. */
  async function publishCreated(rows: NotificationRow[]) {
    const events: LiveEvent[] = [];
    for (const row of rows) {
      events.push({
        userId: row.userId,
        frame: { type: 'notification', notification: presentNotification(row) },
      });
    }
    for (const userId of new Set(rows.map((row) => row.userId))) {
      changed(userId);
      events.push({
        userId,
        frame: { type: 'notifications_read', unread_count: await unreadCount(userId) },
      });
    }
    await bus.publish(events);
  }

  return {
    summary,
    unreadBadges,
    unreadCount,
    publishCreated,
    async list(userId: number, options: { unreadOnly?: boolean; afterId?: number; limit: number }) {
      // A cached first page is the same array until the reader's notifications change.
      const rows = await firstPages(userId, options);
      return cachedAnswer(rows, 'list', () => rows.map(presentNotification));
    },
    async markRead(userId: number, id: number) {
      if (!(await repo.markRead(db, userId, id)))
        throw new NotFoundError('Notification not found.');
      changed(userId);
      const count = await unreadCount(userId);
      await publishUnread(userId, count);
      return { message: 'Notification marked as read.', unread_count: count };
    },
    async markAllRead(userId: number) {
      const marked = await repo.markAllRead(db, userId);
      changed(userId);
      await publishUnread(userId, 0);
      return { message: 'All notifications marked as read.', marked, unread_count: 0 };
    },
  };
}
