import { messages } from '@zura/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Sessions, TwoFactor } from '../auth/index.ts';
import { findUserById } from '../users/index.ts';
import * as repo from './repo.ts';

const SEARCH_LIMIT = 20;

/**
 * What an admin does to accounts: find them, suspend and unsuspend, and turn off the two-factor
 * sign-in of an owner who lost it. A suspension ends every session of the account at once
 * (tokens, sockets, calls, on every instance), refuses sign-in with the reason, hides the profile
 * and stops renewals; each action is in the audit log.
 */
export function createModeration(deps: {
  db: Database;
  sessions: Sessions;
  audit: AuditLog;
  twoFactor: TwoFactor;
}) {
  const { db, sessions, audit, twoFactor } = deps;

  /**
   * Suspends inside the caller's transaction (a resolved report suspends with it); the caller
   * announces the ended sessions after commit.
   */
  async function suspendWithin(tx: Executor, adminId: number, userId: number, reason: string) {
    const target = await findUserById(tx, userId);
    if (!target) throw new NotFoundError(messages.userNotFound);
    if (target.id === adminId) {
      throw new BadRequestError(messages.cannotSuspendSelf, {}, 'cannot_suspend_self');
    }
    if (target.isAdmin) {
      throw new BadRequestError(messages.cannotSuspendAdmin, {}, 'cannot_suspend_admin');
    }
    if (!(await repo.markSuspended(tx, userId, reason))) {
      throw new BadRequestError(messages.alreadySuspended, {}, 'already_suspended');
    }
    await audit.record(tx, {
      actorId: adminId,
      action: 'user_suspended',
      targetType: 'user',
      targetId: userId,
      reason,
      details: { username: target.username },
    });
    return sessions.endAll(userId, 'suspended', tx);
  }

  return {
    async searchUsers(query: string) {
      const rows = await repo.searchUsers(db, query.trim(), SEARCH_LIMIT);
      const withTwoFactor = await twoFactor.enabledAmong(rows.map((row) => row.id));
      return {
        results: rows.map((row) => ({
          id: row.id,
          username: row.username,
          email: row.email,
          is_admin: row.isAdmin,
          is_creator: row.isCreator,
          suspended_at: row.suspendedAt?.toISOString() ?? null,
          suspension_reason: row.suspensionReason,
          two_factor_enabled: withTwoFactor.has(row.id),
        })),
      };
    },

    async suspend(adminId: number, userId: number, reason: string) {
      const ended = await db.transaction((tx) => suspendWithin(tx, adminId, userId, reason));
      ended.announce();
      return { message: messages.userSuspended };
    },

    suspendWithin,

    /**
     * Turns off a user's two-factor sign-in (the secret and recovery codes go), for an owner who
     * lost the app and the codes and proved who they are some other way; or for a second factor
     * someone else put on the account. Every session of the account ends with it, as its sign-ins
     * are suspect, and the audit log keeps the reason.
     */
    async resetTwoFactor(adminId: number, userId: number, reason: string) {
      const target = await findUserById(db, userId);
      if (!target) throw new NotFoundError(messages.userNotFound);
      // An admin's own second factor goes off only with its password and a code (Settings).
      if (target.id === adminId) {
        throw new BadRequestError(messages.twoFactorResetSelf, {}, 'two_factor_reset_self');
      }
      const ended = await db.transaction(async (tx) => {
        if (!(await twoFactor.removeWithin(tx, userId))) {
          throw new BadRequestError(messages.twoFactorNotOnForUser, {}, 'two_factor_not_on');
        }
        await audit.record(tx, {
          actorId: adminId,
          action: 'two_factor_reset',
          targetType: 'user',
          targetId: userId,
          reason,
          details: { username: target.username },
        });
        return sessions.endAll(userId, 'two_factor_reset', tx);
      });
      ended.announce();
      return { message: messages.twoFactorResetDone };
    },

    async unsuspend(adminId: number, userId: number, note: string | undefined) {
      const target = await findUserById(db, userId);
      if (!target) throw new NotFoundError(messages.userNotFound);
      const lifted = await db.transaction(async (tx) => {
        if (!(await repo.clearSuspension(tx, userId))) return false;
        await audit.record(tx, {
          actorId: adminId,
          action: 'user_unsuspended',
          targetType: 'user',
          targetId: userId,
          reason: note ?? null,
          details: { username: target.username },
        });
        return true;
      });
      if (!lifted) throw new BadRequestError(messages.notSuspended, {}, 'not_suspended');
      return { message: messages.userUnsuspended };
    },
  };
}

export type Moderation = ReturnType<typeof createModeration>;
