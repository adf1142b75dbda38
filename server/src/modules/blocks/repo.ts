import { and, desc, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blockedNotice, CHANGES_CHANNEL } from '../../db/change-notices.ts';
import type { Executor } from '../../db/client.ts';
import { blocks, users } from '../../db/schema/index.ts';

/** Stores the block once; answers whether a row was really added. */
export async function insertBlock(db: Executor, blockerId: number, blockedId: number) {
  const rows = await db
    .insert(blocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ blockedId: blocks.blockedId });
  return rows.length > 0;
}

/**
 * Tells every instance of the block at commit (the database's change notice): each ends the
 * pair's call where it holds their signalling sockets.
 */
export async function notifyBlock(db: Executor, a: number, b: number) {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${blockedNotice(a, b)})`);
}

export async function deleteBlock(db: Executor, blockerId: number, blockedId: number) {
  await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** The users `blockerId` blocked, newest block first. */
export function listBlockedBy(db: Executor, blockerId: number) {
  return db
    .select({ user: users, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
}

/** Which of `ids` the viewer blocked or is blocked by: one query for a whole list. */
async function blockedEitherWay(
  db: Executor,
  viewerId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const list = [...ids];
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, viewerId), inArray(blocks.blockedId, list)),
        and(eq(blocks.blockedId, viewerId), inArray(blocks.blockerId, list)),
      ),
    );
  return new Set(rows.map((row) => (row.blockerId === viewerId ? row.blockedId : row.blockerId)));
}

export async function isBlockedEitherWay(db: Executor, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  return (await blockedEitherWay(db, a, [b])).size > 0;
}

/**
 * A condition for list queries: the user in `userColumn` and the viewer have no block between
 * them, either way. Kept in SQL so a list is filtered before its limit, with no query per row.
 */
export function notBlockedWith(viewerId: number | Placeholder, userColumn: AnyPgColumn | SQL): SQL {
  return sql`not exists (
    select 1 from ${blocks}
     where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${userColumn})
        or (${blocks.blockedId} = ${viewerId} and ${blocks.blockerId} = ${userColumn}))`;
}
