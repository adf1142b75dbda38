import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Accounts whose username or email starts with `query` (case-insensitive), for the admin. */
export function searchUsers(db: Executor, query: string, limit: number) {
  const prefix = `${query.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      isAdmin: users.isAdmin,
      isCreator: users.isCreator,
      suspendedAt: users.suspendedAt,
      suspensionReason: users.suspensionReason,
    })
    .from(users)
    .where(
      or(sql`lower(${users.username}) like ${prefix}`, sql`lower(${users.email}) like ${prefix}`),
    )
    .orderBy(asc(users.username))
    .limit(limit);
}

/** Suspends an account not yet suspended; answers whether this call did. */
export async function markSuspended(db: Executor, userId: number, reason: string) {
  const rows = await db
    .update(users)
    .set({ suspendedAt: sql`now()`, suspensionReason: reason })
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Lifts a suspension; answers whether the account was suspended. */
export async function clearSuspension(db: Executor, userId: number) {
  const rows = await db
    .update(users)
    .set({ suspendedAt: null, suspensionReason: null })
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}
