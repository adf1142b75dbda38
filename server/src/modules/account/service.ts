import { DEFAULT_SETTINGS, userSettingsSchema, type UserSettings } from '@zura/contracts';
import { accountRenditionsPrefix, removeUnder } from '../../storage/prefix.ts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { guessWithin, type Budget } from '../../lib/guessing.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import type { Sessions } from '../auth/index.ts';
import { findUserById } from '../users/index.ts';
import * as repo from './repo.ts';
import { deleteCommentsOfAuthor } from '../comments/index.ts';

export type AccountService = ReturnType<typeof createAccountService>;

/** Stored settings over the defaults; a value that no longer validates falls back to its default. */
function withDefaults(stored: Record<string, unknown>): UserSettings {
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, value] of Object.entries(stored)) {
    const field = userSettingsSchema.shape[key as keyof UserSettings];
    if (field?.safeParse(value).success) merged[key] = value;
  }
  return merged as UserSettings;
}

export function createAccountService(deps: {
  db: Database;
  storage: MediaStorage;
  rateLimits: RateLimits;
  changes: ChangeNotices;
  sessions: Sessions;
  /** Before the rows go: federation's signed `Delete` of the actor (it needs their keys). */
  beforeDelete?: ((userId: number) => Promise<void>) | undefined;
}) {
  const { db, storage, rateLimits, changes: notices, sessions } = deps;
  return {
    async getSettings(userId: number) {
      return withDefaults(await repo.readSettings(db, userId));
    },

    async updateSettings(userId: number, changes: Partial<UserSettings>) {
      const before = await this.getSettings(userId);
      const next = { ...before, ...changes };
      await repo.writeSettings(db, userId, next);
      // The federation's publisher sends what this changed (Creates back, or Deletes of every
      // post sent) on the author's next pass; one instance hearing it is enough.
      if (before.publishToFediverse !== next.publishToFediverse) {
        notices.announce({ kind: 'posts_changed', userId });
      }
      return next;
    },

    /** Deletes the account after the password is confirmed; its files go from disk too. */
    async deleteAccount(userId: number, password: string) {
      const user = await findUserById(db, userId);
      if (!user) throw new NotFoundError('User not found');
      // The signed-in account is its own guesser: failed logins elsewhere never block this.
      const budget: Budget = ['loginPerGuesser', `user:${userId}|${user.email.toLowerCase()}`];
      if (
        !(await guessWithin(rateLimits, [budget], () =>
          verifyPassword(user.passwordHash, password, 'general'),
        ))
      ) {
        throw new BadRequestError('The password is not correct.', {}, 'incorrect_password');
      }
      if (await repo.hasRequestedPayout(db, userId)) {
        throw new BadRequestError(
          'You have a payout on its way. Delete your account once it has been paid.',
        );
      }
      await deps.beforeDelete?.(userId);
      // The cascade would end the sessions too; ending them first tells this instance at once.
      await sessions.endAll(userId, 'account_deleted');
      const keys = await db.transaction(async (tx) => {
        const removed = await repo.deleteUploadsOf(tx, userId);
        await deleteCommentsOfAuthor(tx, userId);
        await repo.deleteUser(tx, userId);
        return removed;
      });
      notices.announce({ kind: 'account_deleted', userId });
      notices.announce({ kind: 'feed' });
      await Promise.all(keys.map((key) => storage.remove(key)));
      await removeUnder(storage, accountRenditionsPrefix(userId));
      return { message: 'Your account has been deleted.' };
    },
  };
}
