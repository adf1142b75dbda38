import { messages } from '@zura/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { hashToken } from '../../lib/tokens.ts';
import * as repo from './repo.ts';
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
 * needs the password; it is on only once a first code proves the app has the key. Each code is
 * accepted once (`claimStep`), and wrong codes are limited per account.
 */
export function createTwoFactor(deps: {
  db: Database;
  signingKey: Uint8Array;
  rateLimits: RateLimits;
}) {
  const { db, rateLimits } = deps;
  const box = createSecretBox(deps.signingKey);

  async function checkPassword(userId: number, password: string) {
    const user = await repo.findUserById(db, userId);
    if (!user) throw new NotFoundError();
    if (!(await verifyPassword(user.passwordHash, password, 'general'))) {
      throw new ValidationError({ password: [messages.passwordWrong] });
    }
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
    const row = await store.findTwoFactor(db, userId);
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

    async status(userId: number) {
      const row = await store.findTwoFactor(db, userId);
      const enabled = Boolean(row?.enabledAt);
      return {
        enabled,
        recovery_codes_left: enabled ? await store.unusedRecoveryCodes(db, userId) : 0,
      };
    },

    /** A new key for the app, shown once as a QR code; two-factor is not on until `enable`. */
    async setup(userId: number, password: string) {
      const user = await checkPassword(userId, password);
      if ((await store.findTwoFactor(db, userId))?.enabledAt) {
        throw new BadRequestError(messages.twoFactorAlreadyOn);
      }
      const secret = newTotpSecret();
      await store.saveUnconfirmedSecret(db, userId, box.seal(secret));
      return { secret, otpauth_url: otpauthUrl(secret, user.username) };
    },

    /** The first code from the app turns it on; answers the recovery codes, shown once. */
    async enable(userId: number, code: string) {
      const row = await store.findTwoFactor(db, userId);
      if (row?.enabledAt) throw new BadRequestError(messages.twoFactorAlreadyOn);
      if (!row) throw new BadRequestError(messages.twoFactorNotSetUp);
      const codes = newRecoveryCodes();
      const ok = await db.transaction(async (tx) => {
        if (!(await useCode(userId, code, true, tx))) return false;
        await store.replaceRecoveryCodes(
          tx,
          userId,
          codes.map((one) => hashToken(normalizeRecoveryCode(one))),
        );
        return true;
      });
      if (!ok) throw new ValidationError({ code: [messages.twoFactorCodeWrong] });
      return { message: messages.twoFactorEnabled, recovery_codes: codes };
    },

    /** Off again, with the password and a code (or a recovery code). */
    async disable(userId: number, password: string, code: string) {
      await checkPassword(userId, password);
      if (!(await store.findTwoFactor(db, userId))?.enabledAt) {
        throw new BadRequestError(messages.twoFactorNotOn);
      }
      if (!(await useCode(userId, code))) {
        throw new ValidationError({ code: [messages.twoFactorCodeWrong] });
      }
      await store.removeTwoFactor(db, userId);
      return { message: messages.twoFactorDisabled };
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
