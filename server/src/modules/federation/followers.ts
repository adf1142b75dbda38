import { and, asc, count, eq, gt, inArray, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { remoteFollowers } from '../../db/schema/index.ts';
import { onBlockedDomain } from './domain-blocks.ts';

/** Followers per page of a followers collection. */
export const FOLLOWERS_PAGE = 50;

export type FollowerState = 'accepted' | 'pending';

/** A remote follower as its `Follow` and its actor document named it. */
export type NewRemoteFollower = {
  userId: number;
  actorId: string;
  inbox: string;
  sharedInbox: string | null;
  handle: string | null;
  followId: string | null;
  state: FollowerState;
};

/**
 * Records a remote follower, or refreshes one already known (its inboxes, its newest `Follow`).
 * A follower once accepted stays accepted: a second `Follow` of the same actor (Mastodon sends
 * one when it lost track) is answered again, not held for approval. Returns the state kept.
 */
export async function saveRemoteFollower(
  db: Database,
  follower: NewRemoteFollower,
): Promise<FollowerState> {
  const [row] = await db
    .insert(remoteFollowers)
    .values(follower)
    .onConflictDoUpdate({
      target: [remoteFollowers.userId, remoteFollowers.actorId],
      set: {
        inbox: follower.inbox,
        sharedInbox: follower.sharedInbox,
        handle: follower.handle,
        followId: follower.followId,
        state: sql`case when ${remoteFollowers.state} = 'accepted' then 'accepted' else excluded.state end`,
      },
    })
    .returning({ state: remoteFollowers.state });
  return row?.state ?? follower.state;
}

/** Removes a remote actor's follow of a local user; whether there was one. */
export async function removeRemoteFollower(db: Database, userId: number, actorId: string) {
  const removed = await db
    .delete(remoteFollowers)
    .where(and(eq(remoteFollowers.userId, userId), eq(remoteFollowers.actorId, actorId)))
    .returning({ id: remoteFollowers.id });
  return removed.length > 0;
}

/** Actors a remote server says are gone (410): they follow nobody here any more. */
export async function removeGoneFollowers(db: Database, actorIds: readonly string[]) {
  if (actorIds.length === 0) return;
  await db.delete(remoteFollowers).where(inArray(remoteFollowers.actorId, [...actorIds]));
}

/** The local user whose follow by `actorId` had the `Follow` of this id, if any. */
export async function findFollowByActivity(db: Database, actorId: string, followId: string) {
  const [row] = await db
    .select({ userId: remoteFollowers.userId })
    .from(remoteFollowers)
    .where(and(eq(remoteFollowers.actorId, actorId), eq(remoteFollowers.followId, followId)));
  return row?.userId;
}

/** A pending follower, now accepted; undefined when there is no such request. */
export async function acceptPendingFollower(db: Database, userId: number, actorId: string) {
  const [row] = await db
    .update(remoteFollowers)
    .set({ state: 'accepted' })
    .where(
      and(
        eq(remoteFollowers.userId, userId),
        eq(remoteFollowers.actorId, actorId),
        eq(remoteFollowers.state, 'pending'),
      ),
    )
    .returning();
  return row;
}

/**
 * A page of a user's accepted remote followers, oldest first, after the row id `afterId`.
 * Never one on a blocked domain: this is also who `sendActivity` to "followers" delivers to.
 */
export async function listAcceptedFollowers(
  db: Database,
  userId: number,
  afterId?: number,
  limit?: number,
) {
  const query = db
    .select()
    .from(remoteFollowers)
    .where(
      and(
        eq(remoteFollowers.userId, userId),
        eq(remoteFollowers.state, 'accepted'),
        not(onBlockedDomain(remoteFollowers.actorId)),
        afterId === undefined ? undefined : gt(remoteFollowers.id, afterId),
      ),
    )
    .orderBy(asc(remoteFollowers.id));
  return limit === undefined ? query : query.limit(limit);
}

/** How many remote accounts follow the user (accepted ones). */
export async function countAcceptedFollowers(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(remoteFollowers)
    .where(and(eq(remoteFollowers.userId, userId), eq(remoteFollowers.state, 'accepted')));
  return row?.n ?? 0;
}
