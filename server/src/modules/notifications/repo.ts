import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notifications, unreadCounts, type NotificationType } from '../../db/schema/index.ts';

export type NewNotification = {
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, unknown>;
};

/** Written in the same transaction as the event it tells about. */
export async function insertNotification(db: Executor, values: NewNotification) {
  const [row] = await db.insert(notifications).values(values).returning();
  if (!row) throw new Error('notification insert failed');
  return row;
}

/** Several at once, in one statement: keep a batch within PostgreSQL's parameter limit. */
export async function insertNotifications(db: Executor, values: NewNotification[]) {
  if (values.length === 0) return [];
  return db.insert(notifications).values(values).returning();
}

export function listNotifications(
  db: Executor,
  userId: number,
  options: { unreadOnly?: boolean; afterId?: number; limit: number },
) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        options.unreadOnly ? eq(notifications.isRead, false) : undefined,
        options.afterId ? gt(notifications.id, options.afterId) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(options.limit);
}

export async function unreadCountsByType(db: Executor, userId: number) {
  const rows = await db
    .select({ type: notifications.type, count: sql<number>`count(*)::int` })
    .from(notifications)
    // Written as notifications_unread_type_idx is, so the count reads that index alone.
    .where(and(eq(notifications.userId, userId), sql`not ${notifications.isRead}`))
    .groupBy(notifications.type);
  return rows;
}

/** A user's badges, as the database's triggers keep them: the sum of their slots, no counting. */
export async function unreadBadges(
  db: Executor,
  userId: number,
): Promise<{ messages: number; notifications: number }> {
  const [row] = await db
    .select({
      messages: sql<number>`coalesce(sum(${unreadCounts.messages}), 0)::int`,
      notifications: sql<number>`coalesce(sum(${unreadCounts.notifications}), 0)::int`,
    })
    .from(unreadCounts)
    .where(eq(unreadCounts.userId, userId));
  return {
    messages: Math.max(0, row?.messages ?? 0),
    notifications: Math.max(0, row?.notifications ?? 0),
  };
}

export async function totalCount(db: Executor, userId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return row?.count ?? 0;
}

export async function markRead(db: Executor, userId: number, id: number) {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Executor, userId: number) {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks the user's message notifications of one conversation read; answers how many. */
export async function markConversationNotificationsRead(
  db: Executor,
  userId: number,
  conversationId: number,
) {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        // Written as the partial index notifications_unread_conversation_idx is, so it is used.
        sql`not ${notifications.isRead} and ${notifications.type} = 'message'`,
        sql`${notifications.data}->>'conversation_id' = ${String(conversationId)}`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
