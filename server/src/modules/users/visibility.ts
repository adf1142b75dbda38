import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { blockedEitherWay, notBlockedWith } from '../blocks/repo.ts';

/**
 * Who a viewer must not see, as if they did not exist: anyone in a block with the viewer (either
 * way) and any suspended account but the viewer's own. One rule for profiles, posts, feeds,
 * explore and discover.
 */
export async function hiddenFrom(
  db: Executor,
  viewerId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const others = [...new Set(ids)].filter((id) => id !== viewerId);
  if (others.length === 0) return new Set();
  const [blocked, suspended] = await Promise.all([
    blockedEitherWay(db, viewerId, others),
    db.execute<{ id: string }>(
      sql`select id from users where id = any(${sql.param(others)}::bigint[]) and suspended_at is not null`,
    ),
  ]);
  for (const row of suspended.rows) blocked.add(Number(row.id));
  return blocked;
}

export async function isHiddenFrom(db: Executor, viewerId: number, userId: number) {
  return (await hiddenFrom(db, viewerId, [userId])).has(userId);
}

/** The same rule as a condition of a list query, so a list is filtered before its limit. */
export function visibleTo(viewerId: number, userColumn: AnyPgColumn | SQL): SQL {
  return sql`(${notBlockedWith(viewerId, userColumn)} and not exists (
    select 1 from ${users} hidden
     where hidden.id = ${userColumn} and hidden.id <> ${viewerId} and hidden.suspended_at is not null))`;
}
