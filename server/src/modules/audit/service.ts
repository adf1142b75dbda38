import type { Database, Executor } from '../../db/client.ts';
import * as repo from './repo.ts';

const PAGE_SIZE = 50;

/**
 * The audit log of admin actions. Services record inside the transaction of the action itself,
 * so an action and its entry are written together or not at all.
 */
export function createAuditLog(deps: { db: Database }) {
  const { db } = deps;
  return {
    record: (executor: Executor, entry: repo.AuditEntry) => repo.insertEntry(executor, entry),

    /** A page of entries, newest first; `next` is the `before` of the following page. */
    async list(beforeId?: number) {
      const rows = await repo.listEntries(db, { beforeId, limit: PAGE_SIZE + 1 });
      const page = rows.slice(0, PAGE_SIZE);
      return {
        results: page.map((row) => ({
          id: row.id,
          actor: { id: row.actorId, username: row.actorUsername },
          action: row.action,
          target_type: row.targetType,
          target_id: row.targetId,
          reason: row.reason,
          details: row.details,
          created_at: row.createdAt.toISOString(),
        })),
        next: rows.length > PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
      };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
