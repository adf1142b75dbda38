import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { UserKey } from '../../lib/validation.ts';
import { profileUnlocks, subscriptions, users, type UserRow } from '../../db/schema/index.ts';

/**
 * A number (a path's id, as pathUserKey reads it) finds by id, and so does a text of digits
 * (a share link's), whatever its length; any other text by username, case-insensitively.
 * A username is never all digits (USERNAME_PATTERN, and the users_username_not_digits check), so
 * one text can never name two accounts.
 */
export async function findUserByIdOrUsername(db: Executor, idOrUsername: UserKey) {
  if (typeof idOrUsername === 'number' || /^\d+$/.test(idOrUsername)) {
    const id = Number(idOrUsername);
    if (!Number.isSafeInteger(id)) return undefined;
    return db.query.users.findFirst({ where: eq(users.id, id) });
  }
  return db.query.users.findFirst({
    where: sql`lower(${users.username}) = lower(${idOrUsername})`,
  });
}

export async function usernameTakenByOther(db: Executor, username: string, userId: number) {
  const row = await db.query.users.findFirst({
    columns: { id: true },
    where: and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, userId)),
  });
  return row !== undefined;
}

export async function updateUser(db: Executor, userId: number, values: Partial<UserRow>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function hasProfileUnlock(db: Executor, profileId: number, viewerId: number) {
  const row = await db.query.profileUnlocks.findFirst({
    where: and(eq(profileUnlocks.profileId, profileId), eq(profileUnlocks.viewerId, viewerId)),
  });
  return row !== undefined;
}

/**
 * Which of these locked profiles the viewer may open: unlocked with the password, or subscribed
 * to (an active subscription, a free trial included: the password lock is for visitors, a
 * subscriber keeps access; docs/ARCHITECTURE.md, "Locked profiles"). Only locked ones are asked
 * about (an open profile needs neither), all in one query.
 */
export async function unlockedAmong(
  db: Executor,
  viewerId: number,
  profiles: Pick<UserRow, 'id' | 'isProfileLocked'>[],
): Promise<Set<number>> {
  const locked = profiles.filter((p) => p.isProfileLocked && p.id !== viewerId).map((p) => p.id);
  if (locked.length === 0) return new Set();
  const rows = await db
    .select({ id: profileUnlocks.profileId })
    .from(profileUnlocks)
    .where(and(eq(profileUnlocks.viewerId, viewerId), inArray(profileUnlocks.profileId, locked)))
    .union(
      db
        .select({ id: subscriptions.creatorId })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.fanId, viewerId),
            eq(subscriptions.status, 'active'),
            inArray(subscriptions.creatorId, locked),
          ),
        ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function insertProfileUnlock(db: Executor, profileId: number, viewerId: number) {
  await db.insert(profileUnlocks).values({ profileId, viewerId }).onConflictDoNothing();
}

/** Forgets every unlock of the profile; answers the viewers who had unlocked it. */
export async function clearProfileUnlocks(db: Executor, profileId: number): Promise<number[]> {
  const rows = await db
    .delete(profileUnlocks)
    .where(eq(profileUnlocks.profileId, profileId))
    .returning({ viewerId: profileUnlocks.viewerId });
  return rows.map((row) => row.viewerId);
}
