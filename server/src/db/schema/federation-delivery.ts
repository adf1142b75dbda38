import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Deliveries Fedify gave up on (issue 36, `modules/federation/dead-letters.ts`): the inbox
 * answered a permanent failure (404, 410) or every attempt failed. Admins see them and may send
 * one again. `message` is Fedify's whole outbox message, which holds the signing keys: it is
 * kept for the retry and never answered by any route.
 */
export const federationDeadLetters = pgTable(
  'federation_dead_letters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    activityId: text('activity_id'),
    activityType: text('activity_type').notNull(),
    inbox: text('inbox').notNull(),
    /** The inbox's HTTP status, or null when it could not be reached at all. */
    statusCode: integer('status_code'),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull(),
    message: jsonb('message').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('federation_dead_letters_failed_idx').on(t.failedAt, t.id)],
);
