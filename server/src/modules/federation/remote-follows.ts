import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  remoteActors,
  remoteFollowers,
  remoteFollows,
  remotePosts,
} from '../../db/schema/index.ts';
import type { RemoteActor } from './remote-actors.ts';

export type RemoteFollowRow = typeof remoteFollows.$inferSelect;

/**
 * Tells every instance that the user's follows changed (their feed's authors, whether they
 * follow anyone remote), as the `follows` table's trigger does for local follows.
 */
function notifyFollowingChanged(db: Database, userId: number) {
  return db.execute(sql`select pg_notify('zura_changes', ${`following_changed:${userId}`})`);
}

/**
 * Records a follow the user is sending, pending; a follow of the same account already made is
 * kept as it is (returned with `created: false`), so asking twice sends one `Follow`.
 */
export async function savePendingFollow(
  db: Database,
  userId: number,
  remoteActorId: number,
  followUri: string,
): Promise<{ row: RemoteFollowRow; created: boolean }> {
  const [inserted] = await db
    .insert(remoteFollows)
    .values({ userId, remoteActorId, followUri, state: 'pending' })
    .onConflictDoNothing({ target: [remoteFollows.userId, remoteFollows.remoteActorId] })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [row] = await db
    .select()
    .from(remoteFollows)
    .where(and(eq(remoteFollows.userId, userId), eq(remoteFollows.remoteActorId, remoteActorId)));
  if (!row) throw new Error('A remote follow vanished between its insert and its read');
  return { row, created: false };
}

/** The follow the user made of this remote account, if any. */
export async function findFollowOf(db: Database, userId: number, remoteActorId: number) {
  const [row] = await db
    .select()
    .from(remoteFollows)
    .where(and(eq(remoteFollows.userId, userId), eq(remoteFollows.remoteActorId, remoteActorId)));
  return row;
}

/** One of the user's follows with its account; undefined when it is not theirs. */
export async function findOwnFollow(db: Database, userId: number, id: number) {
  const [row] = await db
    .select({ follow: remoteFollows, actor: remoteActors })
    .from(remoteFollows)
    .innerJoin(remoteActors, eq(remoteActors.id, remoteFollows.remoteActorId))
    .where(and(eq(remoteFollows.id, id), eq(remoteFollows.userId, userId)));
  return row;
}

/** The user's follows of remote accounts, newest first, each with its account. */
export function listOwnFollows(
  db: Database,
  userId: number,
): Promise<{ follow: RemoteFollowRow; actor: RemoteActor }[]> {
  return db
    .select({ follow: remoteFollows, actor: remoteActors })
    .from(remoteFollows)
    .innerJoin(remoteActors, eq(remoteActors.id, remoteFollows.remoteActorId))
    .where(eq(remoteFollows.userId, userId))
    .orderBy(desc(remoteFollows.id))
    .limit(1000);
}

/**
 * The remote's answer to a `Follow` we sent, named by its id: accepted, or removed when
 * rejected. Only the followed account may answer (`actorUri`). The user's id when it applied.
 */
export async function answerFollow(
  db: Database,
  followUri: string,
  actorUri: string,
  answer: 'accept' | 'reject',
): Promise<number | undefined> {
  const ofActor = sql`${remoteFollows.remoteActorId} = (select ${remoteActors.id} from ${remoteActors} where ${remoteActors.uri} = ${actorUri})`;
  const where = and(eq(remoteFollows.followUri, followUri), ofActor);
  const [row] =
    answer === 'accept'
      ? await db
          .update(remoteFollows)
          .set({ state: 'accepted' })
          .where(where)
          .returning({ userId: remoteFollows.userId })
      : await db.delete(remoteFollows).where(where).returning({ userId: remoteFollows.userId });
  if (row) await notifyFollowingChanged(db, row.userId);
  return row?.userId;
}

/** The pending follow by `userId` of the account `actorUri`: for an answer naming no id. */
export async function findPendingFollowUri(db: Database, userId: number, actorUri: string) {
  const [row] = await db
    .select({ followUri: remoteFollows.followUri })
    .from(remoteFollows)
    .innerJoin(remoteActors, eq(remoteActors.id, remoteFollows.remoteActorId))
    .where(and(eq(remoteFollows.userId, userId), eq(remoteActors.uri, actorUri)));
  return row?.followUri;
}

/** Removes one of the user's follows; the row removed, if it was theirs. */
export async function removeOwnFollow(db: Database, userId: number, id: number) {
  const [row] = await db
    .delete(remoteFollows)
    .where(and(eq(remoteFollows.id, id), eq(remoteFollows.userId, userId)))
    .returning();
  if (row) await notifyFollowingChanged(db, userId);
  return row;
}

/** Whether any local user follows (accepted) the remote account of this URI; its row id. */
export async function followedActorId(db: Database, actorUri: string) {
  const [row] = await db
    .select({ id: remoteActors.id })
    .from(remoteActors)
    .where(
      and(
        eq(remoteActors.uri, actorUri),
        sql`exists (select 1 from ${remoteFollows} where ${remoteFollows.remoteActorId} = ${remoteActors.id} and ${remoteFollows.state} = 'accepted')`,
      ),
    );
  return row?.id;
}

/** The remote accounts a user follows (accepted), as the following collection lists them. */
export async function listAcceptedFollowUris(db: Database, userId: number) {
  const rows = await db
    .select({ uri: remoteActors.uri })
    .from(remoteFollows)
    .innerJoin(remoteActors, eq(remoteActors.id, remoteFollows.remoteActorId))
    .where(and(eq(remoteFollows.userId, userId), eq(remoteFollows.state, 'accepted')))
    .orderBy(remoteFollows.id);
  return rows.map((row) => row.uri);
}

/** Users with at least one accepted remote follow (all of them, or among `userIds`). */
export async function usersFollowingRemote(db: Database, userIds?: number[]) {
  const rows = await db
    .selectDistinct({ userId: remoteFollows.userId })
    .from(remoteFollows)
    .where(
      and(
        eq(remoteFollows.state, 'accepted'),
        userIds ? inArray(remoteFollows.userId, userIds) : undefined,
      ),
    );
  return rows.map((row) => row.userId);
}

/**
 * A remote account deleted on its server: our users' follows of it, its posts and its follows
 * of our users go, in one transaction; each user who followed it is told (`following_changed`).
 */
export async function forgetDeletedActor(db: Database, actorUri: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [actor] = await tx
      .select({ id: remoteActors.id })
      .from(remoteActors)
      .where(eq(remoteActors.uri, actorUri));
    const followers = await tx
      .delete(remoteFollowers)
      .where(eq(remoteFollowers.actorId, actorUri))
      .returning({ id: remoteFollowers.id });
    if (!actor) return followers.length > 0;
    const follows = await tx
      .delete(remoteFollows)
      .where(eq(remoteFollows.remoteActorId, actor.id))
      .returning({ userId: remoteFollows.userId });
    await tx.delete(remotePosts).where(eq(remotePosts.remoteActorId, actor.id));
    for (const { userId } of follows) await notifyFollowingChanged(tx, userId);
    return true;
  });
}
