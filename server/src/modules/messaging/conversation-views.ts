import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  conversations,
  messageAttachments,
  messages,
  messageUnlocks,
  users,
} from '../../db/schema/index.ts';
import { orderedPair } from './repo.ts';

/** The conversation list's rows as `userId` sees them: the other user and the last message. */
function conversationViews(db: Executor, userId: number) {
  return db
    .select({
      conversation: conversations,
      otherUsername: users.username,
      otherAvatarId: users.profileImageId,
      lastMessage: messages,
      lastMessageHasMedia: sql<boolean>`exists (select 1 from ${messageAttachments} where ${messageAttachments.messageId} = ${messages.id})`,
      lastMessageUnlocked: sql<boolean>`exists (select 1 from ${messageUnlocks} where ${messageUnlocks.messageId} = ${messages.id} and ${messageUnlocks.userId} = ${userId})`,
    })
    .from(conversations)
    .leftJoin(
      users,
      sql`${users.id} = case when ${conversations.userLowId} = ${userId} then ${conversations.userHighId} else ${conversations.userLowId} end`,
    )
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId));
}

/** Keyset position in the list: last activity, then id, both descending. */
export type ConversationCursor = { updatedAt: Date; id: number };

/**
 * The ids of one page: each side of the pair has its index on (user, updated_at desc), so each
 * is read in order and only as far as the page needs, then the two are merged. An OR over both
 * sides would read every conversation of the user and sort them (90 ms at 100,000).
 */
function pageIds(userId: number, cursor: ConversationCursor | undefined, limit: number) {
  // `updated_at <=` repeats the row comparison in a form the index can seek to.
  const after = cursor
    ? sql`and updated_at <= ${cursor.updatedAt.toISOString()}::timestamptz
          and (updated_at, id) < (${cursor.updatedAt.toISOString()}::timestamptz, ${cursor.id}::bigint)`
    : sql``;
  // A blocked pair's thread leaves both sides' lists (issue 32): neither can write in it.
  const side = (column: 'user_low_id' | 'user_high_id') => sql`
    (select id, updated_at from conversations c
      where ${sql.raw(column)} = ${userId} ${after}
        and not exists (select 1 from blocks b
          where (b.blocker_id = c.user_low_id and b.blocked_id = c.user_high_id)
             or (b.blocker_id = c.user_high_id and b.blocked_id = c.user_low_id))
      order by updated_at desc, id desc limit ${limit})`;
  return sql`select id from (${side('user_low_id')} union all ${side('user_high_id')}) both_sides
    order by updated_at desc, id desc limit ${limit}`;
}

/** One page of `userId`'s conversations, newest activity first, after `cursor` when given. */
export function listConversationsOf(
  db: Executor,
  userId: number,
  cursor: ConversationCursor | undefined,
  limit: number,
) {
  return conversationViews(db, userId)
    .where(sql`${conversations.id} in (${pageIds(userId, cursor, limit)})`)
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(limit);
}

/** The pair's conversation as `userId` sees it, found by `conversations_pair_key`. */
export async function findConversationViewByPair(db: Executor, userId: number, otherId: number) {
  const pair = orderedPair(userId, otherId);
  const [row] = await conversationViews(db, userId)
    .where(
      and(
        eq(conversations.userLowId, pair.userLowId),
        eq(conversations.userHighId, pair.userHighId),
      ),
    )
    .limit(1);
  return row;
}
