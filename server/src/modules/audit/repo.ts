import { desc, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, users, type AuditAction, type AuditTargetType } from '../../db/schema/index.ts';

export type AuditEntry = {
  actorId: number;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  reason?: string | null;
  details?: Record<string, unknown>;
};

/** Appends one entry; the actor's username is copied so the entry outlives the account. */
export async function insertEntry(db: Executor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorUsername: sql`coalesce((select ${users.username} from ${users} where ${users.id} = ${entry.actorId}), '')`,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
  });
}

/** Newest first, `limit` entries older than `beforeId` (a keyset page). */
export function listEntries(db: Executor, page: { beforeId?: number; limit: number }) {
  return db
    .select()
    .from(auditLog)
    .where(page.beforeId === undefined ? undefined : lt(auditLog.id, page.beforeId))
    .orderBy(desc(auditLog.id))
    .limit(page.limit);
}
