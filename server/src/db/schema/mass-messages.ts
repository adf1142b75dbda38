import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

/** `mass`: sent once to a segment. `welcome`: sent to each new subscriber while it is current. */
export const MASS_MESSAGE_KINDS = ['mass', 'welcome'] as const;
export type MassMessageKind = (typeof MASS_MESSAGE_KINDS)[number];

/** A mass message is queued, then sending (with progress), then sent or failed. */
export const MASS_MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MassMessageStatus = (typeof MASS_MESSAGE_STATUSES)[number];

/**
 * One message a creator writes once and that is delivered as an ordinary message into each
 * recipient's own conversation (`messages.mass_message_id` points back here, which is how sent,
 * read, unlocked and revenue are counted per mass message).
 */
export const massMessages = pgTable(
  'mass_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MASS_MESSAGE_KINDS }).notNull().default('mass'),
    text: text('text').notNull().default(''),
    /** 0 for a free message; otherwise each recipient unlocks their own copy at this price. */
    priceCents: integer('price_cents').notNull().default(0),
    /** Who it goes to, as the creator chose it: { kind: 'active' } ... { kind: 'list', ids }. */
    segment: jsonb('segment').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: MASS_MESSAGE_STATUSES }).notNull().default('queued'),
    recipientCount: integer('recipient_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A welcome message replaced or turned off keeps its row (and its figures), retired. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    index('mass_messages_creator_idx').on(t.creatorId, t.createdAt.desc()),
    uniqueIndex('mass_messages_one_welcome_key')
      .on(t.creatorId)
      .where(sql`${t.kind} = 'welcome' and ${t.retiredAt} is null`),
  ],
);

export const massMessageAttachments = pgTable(
  'mass_message_attachments',
  {
    massMessageId: bigint('mass_message_id', { mode: 'number' })
      .notNull()
      .references(() => massMessages.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.massMessageId, t.uploadId] })],
);

export type MassMessageRow = typeof massMessages.$inferSelect;

/**
 * A fan who muted a creator gets none of that creator's mass or welcome messages; direct
 * messages still arrive (blocking is the tool for those).
 */
export const mutes = pgTable(
  'mutes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedUserId: bigint('muted_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mutedUserId] }),
    index('mutes_muted_user_idx').on(t.mutedUserId),
  ],
);
