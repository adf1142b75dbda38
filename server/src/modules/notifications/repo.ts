import { and, eq, sql } from 'drizzle-orm';
import type { NoticeKind } from '@zura/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { definePrepared } from '../../db/prepared.ts';
import {
  notifications,
  unreadCounts,
  type NotificationRow,
  type NotificationType,
} from '../../db/schema/index.ts';

export type NewNotification = {
  userId: number;
  type: NotificationType;
  kind: NoticeKind;
  data: Record<string, unknown>;
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

type ListedRow = {
  id: string;
  user_id: string;
  type: NotificationType;
  kind: NoticeKind;
  data: Record<string, unknown>;
  is_read: boolean;
  read_at: Date | null;
  created_at: Date;
};

/**
 * The list's statement, built once and prepared (`definePrepared`): the list is read on every
 * visit, and drizzle's building and mapping of the query cost more than its execution. One
 * shape for all notifications and one for the unread, so each keeps its own plan.
 */
function listStatement(name: string, unreadOnly: boolean) {
  const p = sql.placeholder;
  return definePrepared<ListedRow>(
    name,
    () => sql`
    select id, user_id, type, kind, data, is_read, read_at, created_at
      from notifications
     where user_id = ${p('user')} and id > ${p('after')}::bigint
           ${unreadOnly ? sql`and not is_read` : sql``}
     order by id desc
     limit ${p('limit')}`,
  );
}

const listAll = listStatement('notifications_list', false);
const listUnread = listStatement('notifications_list_unread', true);

export async function listNotifications(
  db: Database,
  userId: number,
  options: { unreadOnly?: boolean; afterId?: number; limit: number },
): Promise<NotificationRow[]> {
  const rows = await (options.unreadOnly ? listUnread : listAll)(db, {
    user: userId,
    after: options.afterId ?? 0,
    limit: options.limit,
  });
  return rows.map((row) => ({
    id: Number(row.id),
    userId: Number(row.user_id),
    type: row.type,
    kind: row.kind,
    data: row.data,
    isRead: row.is_read,
    readAt: row.read_at,
    createdAt: row.created_at,
  }));
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
