import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import {
  conversations,
  messageAttachments,
  messages,
  messageUnlocks,
  uploads,
  users,
  type MessageRow,
  type NotificationRow,
  type UploadRow,
} from '../../db/schema/index.ts';

export function orderedPair(a: number, b: number): { userLowId: number; userHighId: number } {
  return a < b ? { userLowId: a, userHighId: b } : { userLowId: b, userHighId: a };
}

/** Creates the pair's conversation unless it exists; concurrent starts meet on the unique index. */
export async function ensureConversation(db: Executor, a: number, b: number) {
  await db.insert(conversations).values(orderedPair(a, b)).onConflictDoNothing();
}

/** One side of a conversation, with what a send needs of them; null once their account is gone. */
/** A side of a conversation; `visibleMark` is their default for paid messages' images (issue 35). */
export type Party = {
  id: number;
  username: string;
  isCreator: boolean;
  visibleMark: boolean;
} | null;
export type ConversationParties = { id: number; low: Party; high: Party };

/** Who the conversations `ids` are between (one prepared statement); ids not found are absent. */
export async function findConversationParties(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, ConversationParties>> {
  const rows = await executePrepared<{
    id: string;
    low_id: string | null;
    low_username: string | null;
    low_is_creator: boolean | null;
    low_visible_mark: boolean | null;
    high_id: string | null;
    high_username: string | null;
    high_is_creator: boolean | null;
    high_visible_mark: boolean | null;
  }>(
    db,
    'messaging_conversation_parties',
    sql`
    select c.id,
           c.user_low_id as low_id, low.username as low_username, low.is_creator as low_is_creator,
           low.visible_mark_default as low_visible_mark,
           c.user_high_id as high_id, high.username as high_username, high.is_creator as high_is_creator,
           high.visible_mark_default as high_visible_mark
      from conversations c
      left join users low on low.id = c.user_low_id
      left join users high on high.id = c.user_high_id
     where c.id = any(${sql.param(ids)}::bigint[])`,
  );
  const party = (
    id: string | null,
    username: string | null,
    isCreator: boolean | null,
    visibleMark: boolean | null,
  ): Party =>
    id === null || username === null
      ? null
      : { id: Number(id), username, isCreator: isCreator === true, visibleMark: !!visibleMark };
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        low: party(row.low_id, row.low_username, row.low_is_creator, row.low_visible_mark),
        high: party(row.high_id, row.high_username, row.high_is_creator, row.high_visible_mark),
      },
    ]),
  );
}

/** Clears `userId`'s unread count of the conversation; false when it had nothing unread. */
export async function clearUnread(db: Executor, conversationId: number, userId: number) {
  const rows = await db.execute(sql`
    update conversations
       set low_unread = case when user_low_id = ${userId} then 0 else low_unread end,
           high_unread = case when user_high_id = ${userId} then 0 else high_unread end
     where id = ${conversationId}
       and ((user_low_id = ${userId} and low_unread > 0)
         or (user_high_id = ${userId} and high_unread > 0))
    returning id`);
  return rows.rows.length > 0;
}

/** One UPDATE: the conversation's mass-message copies to `readerId` not read yet become read. */
export async function markMassCopiesRead(db: Executor, conversationId: number, readerId: number) {
  await db.execute(sql`
    update messages set read_at = now()
     where conversation_id = ${conversationId} and mass_message_id is not null
       and read_at is null and sender_id is distinct from ${readerId}`);
}

export function findMessageInConversationOf(db: Executor, userId: number, messageId: number) {
  return db
    .select({
      message: messages,
      conversation: conversations,
      senderUsername: users.username,
      senderVisibleMark: users.visibleMarkDefault,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        eq(messages.id, messageId),
        or(eq(conversations.userLowId, userId), eq(conversations.userHighId, userId)),
      ),
    )
    .limit(1);
}

export function attachmentsOf(db: Executor, messageIds: number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select({ messageId: messageAttachments.messageId, upload: uploads })
    .from(messageAttachments)
    .innerJoin(uploads, eq(uploads.id, messageAttachments.uploadId))
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(messageAttachments.messageId, messageAttachments.position);
}

export async function unlockedMessageIds(
  db: Executor,
  userId: number,
  messageIds: number[],
): Promise<Set<number>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db
    .select({ id: messageUnlocks.messageId })
    .from(messageUnlocks)
    .where(and(eq(messageUnlocks.userId, userId), inArray(messageUnlocks.messageId, messageIds)));
  return new Set(rows.map((row) => row.id));
}

/** Claims the unlock; only the first of any number of concurrent callers gets `true`. */
export async function claimUnlock(
  db: Executor,
  messageId: number,
  userId: number,
): Promise<boolean> {
  const rows = await db
    .insert(messageUnlocks)
    .values({ messageId, userId })
    .onConflictDoNothing()
    .returning({ messageId: messageUnlocks.messageId });
  return rows.length === 1;
}

export async function setUnlockTransaction(
  db: Executor,
  messageId: number,
  userId: number,
  transactionId: number,
) {
  await db
    .update(messageUnlocks)
    .set({ transactionId })
    .where(and(eq(messageUnlocks.messageId, messageId), eq(messageUnlocks.userId, userId)));
}

/** The sender's own attachments, for the media library. */
export function listSentAttachments(db: Executor, senderId: number, limit: number) {
  return db
    .select({ upload: uploads, messageId: messageAttachments.messageId })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(uploads, eq(uploads.id, messageAttachments.uploadId))
    .where(eq(messages.senderId, senderId))
    .orderBy(desc(messages.id))
    .limit(limit);
}

export function findConversationByPair(db: Executor, a: number, b: number) {
  const pair = orderedPair(a, b);
  return db.query.conversations.findFirst({
    where: and(
      eq(conversations.userLowId, pair.userLowId),
      eq(conversations.userHighId, pair.userHighId),
    ),
  });
}

export type NewMessage = {
  conversationId: number;
  senderId: number;
  text: string;
  isLocked: boolean;
  priceCents: number;
  isSystem: boolean;
  roomId: string | null;
  uploadIds: string[];
};

export type NewMessageNotification = {
  userId: number;
  type: NotificationRow['type'];
  kind: NotificationRow['kind'];
  data: Record<string, unknown>;
};

/**
 * Writes a sent message in one statement, and so atomically: the message, its attachments in
 * order, the conversation's last message and the recipient's unread count, and the recipient's
 * notification. Sending is the busiest write; one prepared round trip instead of a transaction of
 * six. The database gives only the ids and times; the rest of both rows is what was written.
 */
export async function insertMessageWithNotification(
  db: Database,
  message: NewMessage,
  notification: NewMessageNotification,
): Promise<{
  message: MessageRow;
  notification: NotificationRow;
  /** The recipient's unread badges with this message and its notification counted. */
  recipientUnread: { messages: number; notifications: number };
}> {
  const [row] = await executePrepared<{
    message_id: string;
    message_created_at: Date;
    notification_id: string;
    notification_created_at: Date;
    unread_messages: number;
    unread_notifications: number;
  }>(
    db,
    'messaging_send',
    sql`
    with sent as (
      insert into messages (conversation_id, sender_id, text, is_locked, price_cents, is_system, room_id)
      values (${message.conversationId}, ${message.senderId}, ${message.text}, ${message.isLocked},
              ${message.priceCents}, ${message.isSystem}, ${message.roomId})
      returning id, created_at
    ), attached as (
      insert into message_attachments (message_id, upload_id, position)
      select sent.id, file.upload_id, file.ord - 1
        from sent, unnest(${sql.param(message.uploadIds)}::uuid[]) with ordinality as file(upload_id, ord)
    ), touched as (
      update conversations
         set last_message_id = sent.id, updated_at = now(),
             low_unread = low_unread + case when user_low_id = ${message.senderId} then 0 else 1 end,
             high_unread = high_unread + case when user_high_id = ${message.senderId} then 0 else 1 end
        from sent
       where conversations.id = ${message.conversationId}
    ), notified as (
      insert into notifications (user_id, type, kind, data)
      values (${notification.userId}, ${notification.type}, ${notification.kind},
              ${JSON.stringify(notification.data)}::jsonb)
      returning id, created_at
    )
    -- Every part of one statement sees the rows as they were before it: the badges read here
    -- (kept by triggers, see migration 0014) do not hold the new message and notification yet,
    -- so each counts one more.
    select sent.id as message_id, sent.created_at as message_created_at,
           notified.id as notification_id, notified.created_at as notification_created_at,
           badges.messages + 1 as unread_messages,
           badges.notifications + 1 as unread_notifications
      from sent, notified,
           (select coalesce(sum(messages), 0)::int as messages,
                   coalesce(sum(notifications), 0)::int as notifications
              from unread_counts where user_id = ${notification.userId}) badges`,
  );
  if (!row) throw new Error('message insert returned no row');
  const { uploadIds: _written, ...fields } = message;
  return {
    message: {
      ...fields,
      id: Number(row.message_id),
      massMessageId: null,
      readAt: null,
      createdAt: row.message_created_at,
    },
    notification: {
      ...notification,
      id: Number(row.notification_id),
      isRead: false,
      readAt: null,
      createdAt: row.notification_created_at,
    },
    recipientUnread: {
      messages: Number(row.unread_messages),
      notifications: Number(row.unread_notifications),
    },
  };
}

/** Which of `ids` are `ownerId`'s message attachments, in one query (absent: not theirs). */
export async function findOwnAttachments(
  db: Executor,
  ownerId: number,
  ids: readonly string[],
): Promise<Map<string, UploadRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, [...ids]),
        eq(uploads.ownerId, ownerId),
        eq(uploads.context, 'message_attachment'),
      ),
    );
  return new Map(rows.map((row) => [row.id, row]));
}
