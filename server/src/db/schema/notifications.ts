import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NoticeKind } from '@zura/contracts';
import { users } from './users.ts';

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
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    /** What happened; with `data`, its facts, every client renders the sentence (no text kept). */
    kind: text('kind').$type<NoticeKind>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, t.id.desc().nullsFirst()),
    // The summary's unread counts by type read this index alone (an index-only scan).
    index('notifications_unread_type_idx')
      .on(t.userId, t.type)
      .where(sql`not ${t.isRead}`),
    // Opening a conversation marks its unread message notifications read: found here, not by
    // reading every unread notification of a creator who has thousands.
    index('notifications_unread_conversation_idx')
      .on(t.userId, sql`(${t.data}->>'conversation_id')`)
      .where(sql`not ${t.isRead} and ${t.type} = 'message'`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
