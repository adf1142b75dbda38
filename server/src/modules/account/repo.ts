import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payouts, uploads, userSettings, users } from '../../db/schema/index.ts';

export async function readSettings(db: Executor, userId: number) {
  const row = await db.query.userSettings.findFirst({ where: eq(userSettings.userId, userId) });
  return row?.settings ?? {};
}

export async function writeSettings(
  db: Executor,
  userId: number,
  settings: Record<string, unknown>,
) {
  await db
    .insert(userSettings)
    .values({ userId, settings })
    .onConflictDoUpdate({ target: userSettings.userId, set: { settings, updatedAt: new Date() } });
}

/**
 * Deletes the user's uploads and answers every storage key they had. Returning them from the
 * delete itself means a variant job finishing at the same moment either recorded its keys
 * before (and they are here) or finds no row and removes its own.
 */
export async function deleteUploadsOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .delete(uploads)
    .where(eq(uploads.ownerId, userId))
    .returning({ storageKey: uploads.storageKey, variants: uploads.variants });
  return rows.flatMap((row) => [row.storageKey, ...Object.values(row.variants)]);
}

/**
 * Removes the account. Foreign keys do the rest: sessions, uploads, posts, unlocks,
 * subscriptions, settings and notifications go with it; ledger accounts and transactions stay,
 * with the user reference cleared, so money already moved is still accounted for.
 */
export async function deleteUser(db: Executor, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}

export async function hasRequestedPayout(db: Executor, creatorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.creatorId, creatorId), eq(payouts.status, 'requested')))
    .limit(1);
  return row !== undefined;
}
