import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import {
  oneTimeTokens,
  refreshTokens,
  sessions,
  userSettings,
  users,
  type OneTimeTokenPurpose,
  type SessionEndReason,
} from '../../db/schema/index.ts';

export function findUserByEmail(db: Executor, email: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = lower(${email})` });
}

export function findUserById(db: Executor, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** The user's saved language setting as stored (unchecked); undefined when never saved. */
export async function findSavedLanguage(db: Executor, userId: number): Promise<unknown> {
  const row = await db.query.userSettings.findFirst({
    where: eq(userSettings.userId, userId),
    columns: { settings: true },
  });
  return row?.settings.language;
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

export type NewUser = { username: string; email: string; passwordHash: string };

export async function insertUser(db: Executor, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Marks the address verified; answers whether it was not verified before (its first proof). */
export async function markEmailVerified(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

// --- sessions ---

/** Where a sign-in or a refresh came from, for the device list. */
export type SessionDevice = { ip?: string | undefined; userAgent?: string | undefined };

/** Kept short: a header is the client's to fill. */
const USER_AGENT_MAX_LENGTH = 512;
const deviceColumns = (device: SessionDevice) => ({
  ip: device.ip ?? null,
  userAgent: device.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
});

/**
 * Starts a session unless the account is suspended (answers undefined then). The account's row
 * is read FOR SHARE, so a suspension committing meanwhile waits for this insert and then ends
 * the new session too, or this insert waits for it and sees the suspension.
 */
export async function insertSession(
  db: Executor,
  userId: number,
  expiresAt: Date,
  device: SessionDevice = {},
) {
  const { ip, userAgent } = deviceColumns(device);
  const result = await db.execute<{ id: string }>(
    sql`insert into sessions (user_id, expires_at, ip, user_agent)
        select id, ${expiresAt.toISOString()}::timestamptz, ${ip}, ${userAgent} from users
        where id = ${userId} and suspended_at is null for share
        returning id`,
  );
  const id = result.rows[0]?.id;
  return id === undefined ? undefined : Number(id);
}

/** Ends a session that is still going; answers whether this call ended it. */
export async function endSession(db: Executor, sessionId: number, reason: SessionEndReason) {
  const rows = await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/**
 * Ends every session of a user still going, or only `sessionId`, or all but `exceptSessionId`;
 * answers the ids it ended.
 */
export async function endUserSessions(
  db: Executor,
  userId: number,
  reason: SessionEndReason,
  which: { sessionId?: number; exceptSessionId?: number } = {},
) {
  const rows = await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        which.sessionId === undefined ? undefined : eq(sessions.id, which.sessionId),
        which.exceptSessionId === undefined ? undefined : ne(sessions.id, which.exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** A user's sessions still going, most recently used first. */
export function listUserSessions(db: Executor, userId: number) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

/**
 * Which of these sessions are still going, with their users: asked for the sessions of access
 * tokens not seen recently, in one prepared statement for any number of ids.
 */
export async function activeSessionUsers(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const rows = await executePrepared<{ id: string; user_id: string }>(
    db,
    'sessions_active',
    sql`select id, user_id from sessions
        where id = any(${sql.param(ids)}::bigint[]) and ended_at is null and expires_at > now()`,
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.user_id)]));
}

/** Sessions over for a day (ended or unrefreshed past their expiry) go, their tokens with them. */
export async function deleteOldSessions(db: Executor) {
  const dayAgo = sql`now() - interval '1 day'`;
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.endedAt, dayAgo), lt(sessions.expiresAt, dayAgo)))
    .returning({ id: sessions.id });
  return rows.length;
}

// --- refresh tokens ---

export async function insertRefreshToken(
  db: Executor,
  values: { userId: number; sessionId: number; tokenHash: string; expiresAt: Date },
  device?: SessionDevice,
) {
  await db.insert(refreshTokens).values(values);
  // The session lasts as long as its newest refresh token, and was last used now.
  await db
    .update(sessions)
    .set({
      expiresAt: values.expiresAt,
      lastUsedAt: sql`now()`,
      ...(device ? deviceColumns(device) : {}),
    })
    .where(eq(sessions.id, values.sessionId));
}

/** A refresh token with whether its session is still going. */
export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      sessionId: refreshTokens.sessionId,
      tokenHash: refreshTokens.tokenHash,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      sessionEnded: sql<boolean>`${sessions.endedAt} is not null`,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks the token used; only one concurrent caller wins (returns true). */
export async function claimRefreshToken(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
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
