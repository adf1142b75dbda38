import { z } from 'zod';
import { messages } from './messages.ts';

export const suspendRequest = z.object({
  reason: z
    .string({ error: messages.suspensionReasonRequired })
    .trim()
    .min(1, messages.suspensionReasonRequired)
    .max(1000, 'The reason must be at most 1000 characters long.'),
});
/**
 * The body is optional: a note for the audit log. Fastify hands a request without a body to
 * validation as null, so "no body" is nullish here.
 */
export const unsuspendRequest = z
  .object({ note: z.string().trim().max(1000).optional() })
  .nullish();

/** Why an admin turns off a user's two-factor sign-in (how the owner was recognised): audited. */
export const twoFactorResetRequest = z.object({
  reason: z
    .string({ error: messages.twoFactorResetReasonRequired })
    .trim()
    .min(1, messages.twoFactorResetReasonRequired)
    .max(1000, 'The reason must be at most 1000 characters long.'),
});

export const adminUser = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_creator: z.boolean(),
  suspended_at: z.string().nullable(),
  suspension_reason: z.string().nullable(),
  two_factor_enabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUserList = z.object({ results: z.array(adminUser) });

/** What an audit-log entry is about; the audit_log table's `target_type` takes these. */
export const AUDIT_TARGET_TYPES = [
  'application',
  'payout',
  'user',
  'post',
  'message',
  'profile',
  'comment',
  'leak_trace',
  'federation_domain',
] as const;

export const auditEntry = z.object({
  id: z.number(),
  actor: z.object({ id: z.number(), username: z.string() }),
  /** What was done: application_approved, payout_paid, user_suspended and so on. */
  action: z.string(),
  target_type: z.enum(AUDIT_TARGET_TYPES),
  target_id: z.number(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntryInfo = z.infer<typeof auditEntry>;
export const auditLogPage = z.object({ results: z.array(auditEntry), next: z.number().nullable() });
