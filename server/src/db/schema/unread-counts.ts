import { bigint, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Each user's unread badges: unread messages over all their conversations, and unread
 * notifications. Triggers keep them (migration 0014), so every write that changes what is unread
 * changes them in the same statement, and no send, like or read has to count a popular creator's
 * thousands of rows to tell the badges.
 *
 * A user's counts are spread over up to 16 slots (the writing connection's slot), and a badge is
 * the sum of them: concurrent sends to one popular creator would otherwise all queue for one row
 * lock until they commit.
 */
export const unreadCounts = pgTable(
  'unread_counts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    messages: integer('messages').notNull().default(0),
    notifications: integer('notifications').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slot] })],
);
