import { desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export function findUserById(db: Executor, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** Creators first, then the most followed, then the newest; never the viewer. */
export function listSuggestedUsers(db: Executor, viewerId: number, limit: number) {
  return db
    .select()
    .from(users)
    .where(ne(users.id, viewerId))
    .orderBy(desc(users.isCreator), desc(users.followersCount), desc(users.id))
    .limit(limit);
}

export async function userExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}
