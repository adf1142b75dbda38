import { and, count, countDistinct, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { follows, sessions, users } from '../../db/schema/index.ts';
import { findUserByIdOrUsername } from '../profiles/index.ts';

const ACTOR_ID = /^[1-9]\d{0,15}$/;

/** What an actor document shows of a user. */
export type ActorUser = NonNullable<Awaited<ReturnType<typeof findUserByIdOrUsername>>>;

/**
 * The user behind an actor identifier (the numeric id, stable across renames), when their
 * account may be shown: a suspended or deleted account has no actor, as it has no profile.
 */
export async function findActorUser(db: Database, identifier: string) {
  if (!ACTOR_ID.test(identifier)) return undefined;
  const user = await findUserByIdOrUsername(db, Number(identifier));
  return user && user.suspendedAt === null ? user : undefined;
}

/** The actor identifier of a username (WebFinger, the profile page), when it may be shown. */
export async function actorIdOfUsername(db: Database, username: string) {
  // Digits are an id to findUserByIdOrUsername; no username is only digits, so none is found.
  if (username.length === 0 || username.length > 100 || /^\d+$/.test(username)) return undefined;
  const user = await findUserByIdOrUsername(db, username);
  return user && user.suspendedAt === null ? user : undefined;
}

/** How many local accounts follow the user (remote followers come with inbox handling). */
export async function countLocalFollowing(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followeeId))
    .where(and(eq(follows.followerId, userId), isNull(users.suspendedAt)));
  return row?.n ?? 0;
}

/** NodeInfo's users: accounts not suspended, and those signed in within a month and a half-year. */
export async function usageCounts(db: Database) {
  const activeSince = (days: number) =>
    db
      .select({ n: countDistinct(sessions.userId) })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          isNull(users.suspendedAt),
          gt(sessions.lastUsedAt, sql`now() - ${`${days} days`}::interval`),
        ),
      );
  const [total] = await db.select({ n: count() }).from(users).where(isNull(users.suspendedAt));
  const [month] = await activeSince(30);
  const [halfYear] = await activeSince(180);
  return { total: total?.n ?? 0, activeMonth: month?.n ?? 0, activeHalfyear: halfYear?.n ?? 0 };
}

/** The user a profile path names, by username or by id as the profile page takes both. */
export async function findProfileUser(db: Database, nameOrId: string) {
  return /^\d+$/.test(nameOrId) ? findActorUser(db, nameOrId) : actorIdOfUsername(db, nameOrId);
}
