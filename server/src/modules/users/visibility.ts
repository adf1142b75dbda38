import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { notBlockedWith } from '../blocks/index.ts';

/**
 * The viewer without an account (a link unfurler, a crawler): no id of a real user, so no
 * block, no subscription, no unlock and no session is theirs.
 */
export const NOBODY = 0;

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
  const { rows } = await db.execute<{ hidden: string[] }>(
    sql`select ${hiddenAmong(viewerId, others)} as hidden`,
  );
  return new Set((rows[0]?.hidden ?? []).map(Number));
}

/**
 * Of `ids`, those hidden from the viewer, as one SQL array expression: so a statement that asks
 * other things about a page can ask this too, in the same round trip (values or placeholders).
 */
export function hiddenAmong(
  viewerId: number | Placeholder,
  ids: readonly number[] | Placeholder,
): SQL {
  const list = Array.isArray(ids) ? sql.param([...ids]) : ids;
  return sql`array(select hidden.id from ${users} hidden
     where hidden.id = any(${list}::bigint[]) and hidden.id <> ${viewerId}
       and (hidden.suspended_at is not null or not ${notBlockedWith(viewerId, sql`hidden.id`)}))`;
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
