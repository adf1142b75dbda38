import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { follows, notifications, users } from '../../db/schema/index.ts';

/** Follows once; the count moves only when a row was really added. */
export async function follow(
  db: Executor,
  followerId: number,
  followeeId: number,
): Promise<boolean> {
  const rows = await db
    .insert(follows)
    .values({ followerId, followeeId })
    .onConflictDoNothing()
    .returning({ followeeId: follows.followeeId });
  if (rows.length === 0) return false;
  await db
    .update(users)
    .set({ followersCount: sql`${users.followersCount} + 1` })
    .where(eq(users.id, followeeId));
  return true;
}

export async function unfollow(
  db: Executor,
  followerId: number,
  followeeId: number,
): Promise<boolean> {
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ followeeId: follows.followeeId });
  if (rows.length === 0) return false;
  await db
    .update(users)
    .set({ followersCount: sql`greatest(${users.followersCount} - 1, 0)` })
    .where(eq(users.id, followeeId));
  return true;
}

export async function followersCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: users.followersCount })
    .from(users)
    .where(eq(users.id, userId));
  return row?.count ?? 0;
}

/** Which of `ids` the viewer follows. */
export async function followedAmong(
  db: Executor,
  followerId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), inArray(follows.followeeId, ids)));
  return new Set(rows.map((row) => row.id));
}

/** How long a follower's "started following you" stands before a new follow may say it again. */
const FOLLOW_NOTICE_HOURS = 24;

/**
 * Whether the followee was told of this follower recently: following, unfollowing and following
 * again must not ring the followee every time.
 */
export async function recentlyNotified(
  db: Executor,
  followerId: number,
  followeeId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, followeeId),
        eq(notifications.type, 'follow'),
        sql`${notifications.data}->>'sender_id' = ${String(followerId)}`,
        sql`${notifications.createdAt} > now() - make_interval(hours => ${FOLLOW_NOTICE_HOURS})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
