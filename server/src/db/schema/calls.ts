import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { conversations, messages } from './messaging.ts';
import { users } from './users.ts';

/**
 * One video call of a conversation, from its announcement to its end (issue 32): the chat draws
 * its chip from it (Join only while it rings or is live, "Call ended · 3:12", "Missed call"),
 * and the signalling ticket is refused once it is over. `ringing` becomes `answered` when the
 * callee takes it, `missed` when it is declined, hung up or left to ring out before that, and
 * `ended` when an answered call is hung up.
 */
export const calls = pgTable(
  'calls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The chat's announcement of the call. */
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    roomId: text('room_id').notNull(),
    callerId: bigint('caller_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    calleeId: bigint('callee_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    state: text('state', { enum: ['ringing', 'answered', 'ended', 'missed'] })
      .notNull()
      .default('ringing'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calls_message_key').on(t.messageId),
    // The room's call that still rings or is live, asked by every ticket.
    index('calls_open_by_room_idx')
      .on(t.roomId)
      .where(sql`${t.state} in ('ringing', 'answered')`),
    check('calls_state', sql`${t.state} in ('ringing', 'answered', 'ended', 'missed')`),
  ],
);

export type CallRow = typeof calls.$inferSelect;
