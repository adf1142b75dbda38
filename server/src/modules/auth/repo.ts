import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  oneTimeTokens,
  refreshTokens,
  users,
  type OneTimeTokenPurpose,
} from '../../db/schema/index.ts';

export function findUserByEmail(db: Executor, email: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = lower(${email})` });
}

export function findUserById(db: Executor, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export async function usernameOrEmailTaken(db: Executor, username: string, email: string) {
  const rows = await db
    .select({
      usernameTaken: sql<boolean>`bool_or(lower(${users.username}) = lower(${username}))`,
      emailTaken: sql<boolean>`bool_or(lower(${users.email}) = lower(${email}))`,
    })
    .from(users)
    .where(
      sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`,
    );
  return {
    usernameTaken: rows[0]?.usernameTaken === true,
    emailTaken: rows[0]?.emailTaken === true,
  };
}

export async function insertUser(
  db: Executor,
  values: { username: string; email: string; passwordHash: string },
) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function markEmailVerified(db: Executor, userId: number) {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

// --- refresh tokens ---

export async function insertRefreshToken(
  db: Executor,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

export function findRefreshToken(db: Executor, tokenHash: string) {
  return db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, tokenHash) });
}

/** Marks the token used; only one concurrent caller wins (returns true). */
export async function claimRefreshToken(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Executor, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllRefreshTokens(db: Executor, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

// --- one-time tokens (verification and reset links) ---

export async function insertOneTimeToken(
  db: Executor,
  values: { userId: number; purpose: OneTimeTokenPurpose; tokenHash: string; expiresAt: Date },
) {
  await db.insert(oneTimeTokens).values(values);
}

export function findUsableOneTimeToken(
  db: Executor,
  purpose: OneTimeTokenPurpose,
  tokenHash: string,
) {
  return db.query.oneTimeTokens.findFirst({
    where: and(
      eq(oneTimeTokens.tokenHash, tokenHash),
      eq(oneTimeTokens.purpose, purpose),
      isNull(oneTimeTokens.usedAt),
      gt(oneTimeTokens.expiresAt, sql`now()`),
    ),
  });
}

/** Uses the token once: answers its user id, or undefined when unknown, used or expired. */
export async function consumeOneTimeToken(
  db: Executor,
  purpose: OneTimeTokenPurpose,
  tokenHash: string,
) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/** A new reset link makes the older unused ones useless. */
export async function expireOneTimeTokens(
  db: Executor,
  userId: number,
  purpose: OneTimeTokenPurpose,
) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}
