import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { users } from '../../db/schema/index.ts';
import { visibleTo } from './visibility.ts';

export function findUserById(db: Executor, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** Creators first, then the most followed, then the newest; never the viewer nor a blocked user. */
export function listSuggestedUsers(db: Executor, viewerId: number, limit: number) {
  return db
    .select()
    .from(users)
    .where(and(ne(users.id, viewerId), visibleTo(viewerId, users.id)))
    .orderBy(desc(users.isCreator), desc(users.followersCount), desc(users.id))
    .limit(limit);
}

/** Which of these ids belong to an account: one prepared statement for any number of ids. */
export async function existingUserIds(db: Database, ids: readonly number[]): Promise<Set<number>> {
  const rows = await executePrepared<{ id: string }>(
    db,
    'users_existing',
    sql`select id from users where id = any(${sql.param(ids)}::bigint[])`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}
