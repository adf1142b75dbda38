import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { massMessages } from './mass-messages.ts';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

/**
 * One conversation per pair of users, stored with the smaller id first so "who started it"
 * cannot create a second one. Each side keeps its own unread count.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userLowId: bigint('user_low_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    userHighId: bigint('user_high_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    lowUnread: integer('low_unread').notNull().default(0),
    highUnread: integer('high_unread').notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.userLowId, t.userHighId),
    index('conversations_low_updated_idx').on(t.userLowId, t.updatedAt.desc().nullsFirst()),
    index('conversations_high_updated_idx').on(t.userHighId, t.updatedAt.desc().nullsFirst()),
    check('conversations_ordered_pair', sql`${t.userLowId} < ${t.userHighId}`),
    check('conversations_unread_non_negative', sql`${t.lowUnread} >= 0 and ${t.highUnread} >= 0`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null once the sender deleted their account: shown as from a deleted user. */
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    text: text('text').notNull().default(''),
    isLocked: boolean('is_locked').notNull().default(false),
    priceCents: integer('price_cents').notNull().default(0),
    isSystem: boolean('is_system').notNull().default(false),
    roomId: text('room_id'),
    /** The mass or welcome message this copy was delivered from. */
    massMessageId: bigint('mass_message_id', { mode: 'number' }).references(() => massMessages.id, {
      onDelete: 'set null',
    }),
    /** When the recipient read it; kept for mass-message copies, whose read rate is reported. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_id_idx').on(t.conversationId, t.id),
    index('messages_mass_message_idx')
      .on(t.massMessageId)
      .where(sql`${t.massMessageId} is not null`),
  ],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.uploadId] }),
    index('message_attachments_upload_idx').on(t.uploadId),
  ],
);

/** A recipient who paid for a locked message; the primary key makes the charge happen once. */
export const messageUnlocks = pgTable(
  'message_unlocks',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
