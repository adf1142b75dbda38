import { AUDIT_TARGET_TYPES } from '@zura/contracts';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What an admin did (and a creator's leak traces, which name an account as an admin's actions
 * do); each kind is written by the service that does it.
 */
export const AUDIT_ACTIONS = [
  'application_approved',
  'application_rejected',
  'payout_paid',
  'user_suspended',
  'user_unsuspended',
  'report_dismissed',
  'content_removed',
  'two_factor_reset',
  'leak_traced',
  'domain_blocked',
  'domain_unblocked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export { AUDIT_TARGET_TYPES };
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * Every admin action: who, what, on what, when and why. Append-only: a trigger (migration
 * 0022) refuses updates, deletes and truncation, and there is no foreign key, so an entry
 * outlives the accounts it names (the actor's username is copied in).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: bigint('actor_id', { mode: 'number' }).notNull(),
    actorUsername: text('actor_username').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId)],
);
