import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { messages } from './messaging.ts';
import { posts } from './posts.ts';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

/** Who traced: a creator for their own uploads, or an admin for any. */
export const LEAK_TRACE_SCOPES = ['creator', 'admin'] as const;
export type LeakTraceScope = (typeof LEAK_TRACE_SCOPES)[number];

/**
 * One run of the leak tracer (issue 35) and what it found: the evidence a report, a suspension
 * or a takedown notice rests on. The suspect file itself is not kept, only its hash and size.
 * The recipient's username is copied when found, so the notice still names whom the copy was
 * served to after a rename; links to rows that go away are set null, the finding stays.
 */
export const leakTraces = pgTable(
  'leak_traces',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    scope: text('scope', { enum: LEAK_TRACE_SCOPES }).notNull(),
    suspectSha256: text('suspect_sha256').notNull(),
    suspectBytes: integer('suspect_bytes').notNull(),
    found: boolean('found').notNull(),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    postId: bigint('post_id', { mode: 'number' }).references(() => posts.id, {
      onDelete: 'set null',
    }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, {
      onDelete: 'set null',
    }),
    recipientId: bigint('recipient_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    recipientUsername: text('recipient_username'),
    /** The stored size the copy was marked from (feed, medium, thumb, original). */
    variant: text('variant'),
    bitsAgreeing: smallint('bits_agreeing'),
    bitsTotal: smallint('bits_total'),
    falseMatchProbability: doublePrecision('false_match_probability'),
    /** Perceptual-hash bits (of 64) between the suspect and the upload it was matched to. */
    hashDistance: smallint('hash_distance'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leak_traces_actor_idx').on(t.actorId, t.id)],
);

export type LeakTraceRow = typeof leakTraces.$inferSelect;
