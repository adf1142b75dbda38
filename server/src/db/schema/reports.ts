import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// A text column: a new kind of target needs no migration.
export const REPORT_TARGET_TYPES = ['profile', 'post', 'message', 'comment'] as const;
export const REPORT_RESOLUTIONS = ['dismiss', 'remove_content', 'suspend_user'] as const;

/**
 * A user's report of a profile, a post or a message. The owner is kept at report time so the
 * queue still names them once the content is gone; reports outlive the accounts they name.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: bigint('reporter_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /**
     * A report from a remote server (`Flag`, issue 36): the remote actor's URI, its reporter
     * then null. A local report has none.
     */
    remoteReporter: text('remote_reporter'),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolution: text('resolution', { enum: REPORT_RESOLUTIONS }),
    resolutionNote: text('resolution_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    // One open report per reporter and target: a second one is a duplicate.
    uniqueIndex('reports_open_per_reporter_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // The same for a remote reporter: a `Flag` delivered twice is one report.
    uniqueIndex('reports_open_per_remote_reporter_key')
      .on(t.remoteReporter, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open' and ${t.remoteReporter} is not null`),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

export type ReportRow = typeof reports.$inferSelect;

/**
 * Hashes of files removed for illegal content or underage users: the same bytes can never be
 * uploaded again.
 */
export const bannedMedia = pgTable('banned_media', {
  sha256: text('sha256').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
