import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications, pushSubscriptions, sessions, userSettings } from '../../db/schema/index.ts';

/**
 * Saves this sign-in's subscription. A session is one device, so it keeps one subscription; an
 * endpoint another account held before (the same browser, signed in again) moves to this one.
 */
export async function saveSubscription(
  db: Database,
  row: { userId: number; sessionId: number; endpoint: string; p256dh: string; auth: string },
) {
  await db.transaction(async (tx) => {
    await tx
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.sessionId, row.sessionId),
          sql`${pushSubscriptions.endpoint} <> ${row.endpoint}`,
        ),
      );
    await tx
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: row.userId,
          sessionId: row.sessionId,
          p256dh: row.p256dh,
          auth: row.auth,
          createdAt: sql`now()`,
        },
      });
  });
}

export async function deleteSessionSubscriptions(db: Database, sessionId: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

export async function deleteSubscription(db: Database, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** A subscription whose session is still going (an ended one's row is deleted with it). */
const sessionGoing = and(isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`));

export async function findSessionSubscription(db: Database, sessionId: number) {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.sessionId, sessionId), sessionGoing))
    .limit(1);
  return row;
}

export async function findSubscription(db: Database, id: number) {
  const [row] = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.id, id), sessionGoing));
  return row;
}

/** The ids of the subscriptions of each user, of sessions still going. */
export async function subscriptionIdsOf(db: Database, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(inArray(pushSubscriptions.userId, userIds), sessionGoing));
}

/** The notifications, each with its recipient's saved language (unchecked; null if none). */
export async function findNotifications(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      notification: notifications,
      language: sql<unknown>`${userSettings.settings}->'language'`,
    })
    .from(notifications)
    .leftJoin(userSettings, eq(userSettings.userId, notifications.userId))
    .where(inArray(notifications.id, ids));
}
