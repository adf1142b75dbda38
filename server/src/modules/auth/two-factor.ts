import { messages } from '@zura/contracts';
import type { Database, Executor } from '../../db/client.ts';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../lib/errors.ts';
import { guessWithin } from '../../lib/guessing.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { hashToken } from '../../lib/tokens.ts';
import * as repo from './repo.ts';
import type { Sessions } from './sessions.ts';
import {
  createSecretBox,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
} from './totp.ts';
import * as store from './two-factor-repo.ts';

/**
 * Two-factor sign-in with an authenticator app (TOTP) and ten single-use recovery codes. Set-up
 * needs a verified address and the password; it is on only once a first code proves the app has
 * the key. Each code is accepted once (`claimStep`), and wrong codes are limited per account.
 * Turning it on or off signs every other session of the account out, as a password change does.
 */
export function createTwoFactor(deps: {
  db: Database;
  signingKey: Uint8Array;
  rateLimits: RateLimits;
  sessions: Sessions;
}) {
  const { db, rateLimits, sessions } = deps;
  const box = createSecretBox(deps.signingKey);

  /**
   * Only the owner of the address may put a second factor in front of the account: someone who
   * signed up with another person's address must not lock its owner out.
   */
  async function verifiedUser(userId: number) {
    const user = await repo.findUserById(db, userId);
    if (!user) throw new NotFoundError();
    if (!user.emailVerifiedAt) {
      throw new ForbiddenError(messages.twoFactorNeedsVerifiedEmail, 'email_not_verified');
    }
    return user;
  }

  /** A password guess of the signed-in user's, budgeted per user as sign-in guesses are. */
  async function checkPassword(userId: number, password: string) {
    const user = await repo.findUserById(db, userId);
    if (!user) throw new NotFoundError();
    const right = await guessWithin(rateLimits, [['accountPasswordPerUser', String(userId)]], () =>
      verifyPassword(user.passwordHash, password, 'general'),
    );
    if (!right) throw new ValidationError({ password: [messages.passwordWrong] });
    return user;
  }

  /**
   * The app's secret, or undefined when it was sealed under another SECRET_KEY (a key changed or
   * a dump restored elsewhere): the account's recovery codes, kept as hashes, still sign in.
   */
  function openSecret(sealed: string): string | undefined {
    try {
      return box.open(sealed);
    } catch {
      return undefined;
    }
  }

  /**
   * Whether `code` is a fresh TOTP code or an unused recovery code of the user's; uses it up.
   * Only wrong codes count against the account's budget.
   */
  async function useCode(
    userId: number,
    code: string,
    enabling = false,
    executor: Executor = db,
  ): Promise<boolean> {
    const giveBack = await rateLimits.reserve(['twoFactorPerAccount', String(userId)]);
    const row = await store.findTwoFactor(executor, userId);
    if (!row) return false;
    const secret = openSecret(row.encryptedSecret);
    const step = secret === undefined ? undefined : matchingStep(secret, code.trim());
    const ok =
      step !== undefined
        ? await store.claimStep(executor, userId, step, enabling)
        : !enabling &&
          (await store.useRecoveryCode(executor, userId, hashToken(normalizeRecoveryCode(code))));
    if (ok) await giveBack();
    return ok;
  }

  return {
    useCode,

    async isEnabled(userId: number) {
      return Boolean((await store.findTwoFactor(db, userId))?.enabledAt);
    },

    /** Which of these users have two-factor on (one query for a page of accounts). */
    enabledAmong: (userIds: readonly number[]) => store.enabledAmong(db, userIds),

    /**
     * Removes the user's second factor (secret and recovery codes) inside the caller's
     * transaction; answers whether it was on.
     */
    removeWithin: (executor: Executor, userId: number) => store.removeTwoFactor(executor, userId),

    async status(userId: number) {
      const [row, user] = await Promise.all([
        store.findTwoFactor(db, userId),
        repo.findUserById(db, userId),
      ]);
      const enabled = Boolean(row?.enabledAt);
      return {
        enabled,
        recovery_codes_left: enabled ? await store.unusedRecoveryCodes(db, userId) : 0,
        email_verified: Boolean(user?.emailVerifiedAt),
      };
    },

    /** A new key for the app, shown once as a QR code; two-factor is not on until `enable`. */
    async setup(userId: number, password: string) {
      await verifiedUser(userId);
      const user = await checkPassword(userId, password);
      if ((await store.findTwoFactor(db, userId))?.enabledAt) {
        throw new BadRequestError(messages.twoFactorAlreadyOn, {}, 'two_factor_already_on');
      }
      const secret = newTotpSecret();
      await store.saveUnconfirmedSecret(db, userId, box.seal(secret));
      return { secret, otpauth_url: otpauthUrl(secret, user.username) };
    },

    /**
     * The first code from the app turns it on; answers the recovery codes, shown once. Every
     * other session of the account ends with it: a sign-in made without the second factor
     * (perhaps by whoever the owner is locking out) must not outlive it.
     */
    async enable(userId: number, sessionId: number, code: string) {
      await verifiedUser(userId);
      const row = await store.findTwoFactor(db, userId);
      if (row?.enabledAt) {
        throw new BadRequestError(messages.twoFactorAlreadyOn, {}, 'two_factor_already_on');
      }
      if (!row) throw new BadRequestError(messages.twoFactorNotSetUp, {}, 'two_factor_not_set_up');
      const codes = newRecoveryCodes();
      const others = await db.transaction(async (tx) => {
        if (!(await useCode(userId, code, true, tx))) return undefined;
        await store.replaceRecoveryCodes(
          tx,
          userId,
          codes.map((one) => hashToken(normalizeRecoveryCode(one))),
        );
        return sessions.endOthers(userId, sessionId, 'two_factor_enabled', tx);
      });
      if (!others) throw new ValidationError({ code: [messages.twoFactorCodeWrong] });
      others.announce();
      return { message: messages.twoFactorEnabled, recovery_codes: codes };
    },

    /**
     * Off again, with the password and a code (or a recovery code); the other sessions end, as
     * for any change to how the account signs in.
     */
    async disable(userId: number, sessionId: number, password: string, code: string) {
      await checkPassword(userId, password);
      if (!(await store.findTwoFactor(db, userId))?.enabledAt) {
        throw new BadRequestError(messages.twoFactorNotOn, {}, 'two_factor_not_on');
      }
      const others = await db.transaction(async (tx) => {
        if (!(await useCode(userId, code, false, tx))) return undefined;
        await store.removeTwoFactor(tx, userId);
        return sessions.endOthers(userId, sessionId, 'two_factor_disabled', tx);
      });
      if (!others) throw new ValidationError({ code: [messages.twoFactorCodeWrong] });
      others.announce();
      return { message: messages.twoFactorDisabled };
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
