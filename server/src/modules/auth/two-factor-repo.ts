import { and, count, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recoveryCodes, twoFactor } from '../../db/schema/index.ts';

export async function findTwoFactor(db: Executor, userId: number) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row;
}

/** A new secret waiting for its first code (any earlier set-up that never finished is replaced). */
export async function saveUnconfirmedSecret(db: Executor, userId: number, encryptedSecret: string) {
  await db
    .insert(twoFactor)
    .values({ userId, encryptedSecret })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { encryptedSecret, createdAt: sql`now()`, enabledAt: null, lastUsedStep: null },
      where: isNull(twoFactor.enabledAt),
    });
}

/**
 * Records that the code of `step` was used, only if no code of that step or a later one was:
 * answers false for a replayed code, whatever ran in parallel.
 */
export async function claimStep(db: Executor, userId: number, step: number, enable = false) {
  const rows = await db
    .update(twoFactor)
    .set({ lastUsedStep: step, ...(enable ? { enabledAt: sql`now()` } : {}) })
    .where(
      and(
        eq(twoFactor.userId, userId),
        enable ? isNull(twoFactor.enabledAt) : sql`${twoFactor.enabledAt} is not null`,
        or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once; answers whether it was there unused. */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function unusedRecoveryCodes(db: Executor, userId: number) {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Removes the secret and the recovery codes; answers whether two-factor was on. */
export async function removeTwoFactor(db: Executor, userId: number): Promise<boolean> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const rows = await db
    .delete(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .returning({ enabledAt: twoFactor.enabledAt });
  return rows.some((row) => row.enabledAt !== null);
}

/** Which of these users have two-factor on. */
export async function enabledAmong(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(inArray(twoFactor.userId, [...userIds]), isNotNull(twoFactor.enabledAt)));
  return new Set(rows.map((row) => row.userId));
}
