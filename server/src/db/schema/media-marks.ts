import { bigint, integer, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

/**
 * One serial per (upload, recipient) whose gated copy was marked (issue 35): the serial is the
 * 32-bit payload hidden in that recipient's copy, and the tracer maps it back to the pair. A
 * plain integer identity stays within the payload's unsigned 32 bits for 2^31 marks.
 */
export const mediaMarks = pgTable(
  'media_marks',
  {
    serial: integer('serial').primaryKey().generatedAlwaysAsIdentity(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    // Null once the recipient deleted their account: the tracer still proves the copy was
    // marked and served, but no longer says to whom (the account and its name are gone).
    recipientId: bigint('recipient_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('media_marks_upload_recipient_key').on(t.uploadId, t.recipientId)],
);

export type MediaMarkRow = typeof mediaMarks.$inferSelect;
