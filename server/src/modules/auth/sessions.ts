import { messages, REFRESH_TOKEN_LIFETIME_SECONDS } from '@zura/contracts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { SessionEndReason } from '../../db/schema/index.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { createKeptLookup } from '../../lib/kept-lookup.ts';
import type { AccessClaims } from './access-tokens.ts';
import { expiryFrom } from './policy.ts';
import * as repo from './repo.ts';
import type { SessionDevice } from './repo.ts';
import { describeDevice, deviceFacts } from './device.ts';

export type { SessionDevice };

/**
 * Sessions: one per sign-in, carried by its refresh tokens, access tokens, live sockets and call
 * tickets. Ending one (logout, a copied refresh token, a password reset, account deletion,
 * suspension) is one row update; the database's `session_ended` notice then reaches every
 * instance, whose access-token check, sockets and call signalling let go of it at once.
 *
 * Whether a session is still going is asked on every signed-in request, so sessions seen
 * recently are kept in memory and dropped by that notice; while notices are not arriving nothing
 * is answered from memory (`lib/kept-lookup.ts`), so a missed notice cannot keep a session alive.
 */
export function createSessions(deps: { db: Database; changes: ChangeNotices }) {
  const { db, changes } = deps;
  /** Session id → its user, for sessions still going. */
  const active = createKeptLookup<number>({
    maxAgeMs: 15 * 60_000,
    maxValues: 100_000,
    live: () => changes.live,
    read: (ids) => repo.activeSessionUsers(db, ids),
  });
  changes.subscribe((notice) => {
    if (notice.kind === 'session_ended') active.drop(notice.sessionId);
    else if (notice.kind === 'reset') active.clear();
  });
  /** This instance forgets at once; the database's notice tells the others (and this one again). */
  const announceEnded = (ids: readonly number[]) => {
    for (const sessionId of ids) changes.announce({ kind: 'session_ended', sessionId });
  };

  /** Ends sessions of a user; inside a transaction the caller announces after commit. */
  const endUserSessions = async (
    executor: Executor,
    userId: number,
    reason: SessionEndReason,
    which: { sessionId?: number; exceptSessionId?: number },
  ) => {
    const ended = await repo.endUserSessions(executor, userId, reason, which);
    const announce = () => announceEnded(ended);
    if (executor === db) announce();
    return { ended: ended.length, announce };
  };

  return {
    /** A new session; refused (403) for a suspended account. */
    async start(userId: number, device: SessionDevice = {}, executor: Executor = db) {
      const sessionId = await repo.insertSession(
        executor,
        userId,
        expiryFrom(new Date(), REFRESH_TOKEN_LIFETIME_SECONDS * 1000),
        device,
      );
      if (sessionId === undefined) throw new ForbiddenError(messages.accountSuspended);
      return sessionId;
    },

    /** Whether the session a valid access token names is still going, and is that user's. */
    async isActive(claims: Pick<AccessClaims, 'userId' | 'sessionId'>): Promise<boolean> {
      return (await active.get(claims.sessionId)) === claims.userId;
    },

    /**
     * `isActive` answered from memory when it can be (a session seen recently, with change
     * notices arriving), without a promise; undefined when it must be asked.
     */
    knownActive(claims: Pick<AccessClaims, 'userId' | 'sessionId'>): boolean | undefined {
      const userId = active.known(claims.sessionId);
      return userId === undefined ? undefined : userId === claims.userId;
    },

    /** Which of these sessions are still going (read from the database, for a socket sweep). */
    async stillActive(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      return new Set((await repo.activeSessionUsers(db, ids)).keys());
    },

    async end(sessionId: number, reason: SessionEndReason) {
      if (await repo.endSession(db, sessionId, reason)) announceEnded([sessionId]);
    },

    /**
     * Ends every session of a user. Inside a caller's transaction, pass it and call the answer's
     * `announce` after commit.
     */
    endAll: (userId: number, reason: SessionEndReason, executor: Executor = db) =>
      endUserSessions(executor, userId, reason, {}),

    /** "Sign out everywhere else": every session of the user but `keepSessionId`. */
    endOthers: (
      userId: number,
      keepSessionId: number,
      reason: SessionEndReason,
      executor: Executor = db,
    ) => endUserSessions(executor, userId, reason, { exceptSessionId: keepSessionId }),

    /** Ends one of the user's own sessions; false when it is not theirs or already over. */
    async endOwn(userId: number, sessionId: number) {
      return (await endUserSessions(db, userId, 'revoked', { sessionId })).ended === 1;
    },

    /** The signed-in devices of a user, the one asking (`currentSessionId`) marked. */
    async list(userId: number, currentSessionId: number) {
      const rows = await repo.listUserSessions(db, userId);
      return rows.map((row) => {
        const facts = deviceFacts(row.userAgent);
        return {
          id: row.id,
          created_at: row.createdAt.toISOString(),
          last_used_at: row.lastUsedAt.toISOString(),
          ip: row.ip,
          device: describeDevice(facts),
          ...facts,
          current: row.id === currentSessionId,
        };
      });
    },

    /** The daily clean-up: sessions over for a day go, with their refresh tokens. */
    deleteOld: () => repo.deleteOldSessions(db),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
