import {
  REFRESH_TOKEN_LIFETIME_SECONDS,
  messages,
  type ErrorCode,
  type LoginResponse,
  type SignupRequest,
  type SignupResponse,
  type TokenPair,
} from '@zura/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  PG_UNIQUE_VIOLATION,
  pgConstraint,
  pgErrorCode,
  UnauthorizedError,
  ValidationError,
} from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { guessWithin, type Budget } from '../../lib/guessing.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { passwordResetMail, signupAttemptMail, verifyEmailMail } from '../../mail/templates.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { KnownDevices } from './known-devices.ts';
import { mailRecipient } from './mail-recipient.ts';
import type { SessionDevice, Sessions } from './sessions.ts';
import type { TwoFactor } from './two-factor.ts';
import {
  expiryFrom,
  isExpired,
  isWithinReuseGrace,
  PASSWORD_RESET_LIFETIME_MS,
  TWO_FACTOR_CHALLENGE_LIFETIME_MS,
  VERIFY_EMAIL_LIFETIME_MS,
} from './policy.ts';
import * as repo from './repo.ts';
import { passwordProblems, validateSignup } from './signup-checks.ts';

export type AuthServiceDeps = {
  db: Database;
  accessTokens: AccessTokens;
  sessions: Sessions;
  twoFactor: TwoFactor;
  rateLimits: RateLimits;
  devices: KnownDevices;
  jobs: JobQueue;
  publicUrl: string;
};

/** Who is signing in: the client address, and the device cookie if the browser sent one. */
export type LoginClient = { address: string; deviceCookie: string | undefined };

export type AuthService = ReturnType<typeof createAuthService>;

/** A refusal with its own code (docs/api.md), in the `{ error }` shape of the spec's screens. */
const refused = (message: string, code: ErrorCode, extra: Record<string, unknown> = {}) =>
  new BadRequestError(message, extra, code);
const NOT_VALID = { valid: false };
const challengeExpired = () =>
  new UnauthorizedError(messages.twoFactorChallengeExpired, 'two_factor_challenge_expired');

function suspendedError(reason: string | null) {
  return new ForbiddenError(
    reason ? `${messages.accountSuspended} Reason: ${reason}` : messages.accountSuspended,
  );
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, accessTokens, sessions, twoFactor, rateLimits, devices, jobs, publicUrl } = deps;

  async function issueRefreshToken(
    executor: Executor,
    userId: number,
    sessionId: number,
    device?: SessionDevice,
  ) {
    const refresh = newOpaqueToken();
    await repo.insertRefreshToken(
      executor,
      {
        userId,
        sessionId,
        tokenHash: hashToken(refresh),
        expiresAt: expiryFrom(new Date(), REFRESH_TOKEN_LIFETIME_SECONDS * 1000),
      },
      device,
    );
    return refresh;
  }

  /**
   * A token pair of `sessionId`, or of a new session (a sign-in) when none is given; `device`
   * is where the sign-in or refresh came from, for the device list.
   */
  async function issuePair(
    userId: number,
    sessionId?: number,
    device?: SessionDevice,
  ): Promise<TokenPair> {
    const session = sessionId ?? (await sessions.start(userId, device));
    const refresh = await issueRefreshToken(db, userId, session, device);
    return { access: await accessTokens.issue(userId, session), refresh };
  }

  /** A one-time token of `purpose` for the user, replacing any earlier one; answers it. */
  async function newOneTimeToken(
    userId: number,
    purpose: 'verify_email' | 'password_reset' | 'two_factor_challenge',
    lifetimeMs: number,
  ) {
    const token = newOpaqueToken();
    await db.transaction(async (tx) => {
      await repo.expireOneTimeTokens(tx, userId, purpose);
      await repo.insertOneTimeToken(tx, {
        userId,
        purpose,
        tokenHash: hashToken(token),
        expiresAt: expiryFrom(new Date(), lifetimeMs),
      });
    });
    return token;
  }

  async function mailLink(user: UserRow, purpose: 'verify_email' | 'password_reset') {
    const lifetime =
      purpose === 'verify_email' ? VERIFY_EMAIL_LIFETIME_MS : PASSWORD_RESET_LIFETIME_MS;
    const token = await newOneTimeToken(user.id, purpose, lifetime);
    const query = `?token=${encodeURIComponent(token)}`;
    const to = await mailRecipient(db, user);
    const mail =
      purpose === 'verify_email'
        ? verifyEmailMail(to, `${publicUrl}/verify-email${query}`)
        : passwordResetMail(to, `${publicUrl}/reset-password${query}`);
    await jobs.send('send-mail', mail);
  }

  /**
   * A mailed link was followed: the address is verified. When this is its first proof, a
   * second factor set up before it is dropped (secret and recovery codes): it may be a
   * stranger's who signed up with this address, and would lock the owner out after a reset.
   */
  async function proveAddress(tx: Executor, userId: number) {
    if (await repo.markEmailVerified(tx, userId)) await twoFactor.removeWithin(tx, userId);
  }

  /** The new account; undefined when a racing sign-up took the address first. */
  async function insertNewUser(values: repo.NewUser): Promise<UserRow | undefined> {
    try {
      return await repo.insertUser(db, values);
    } catch (error) {
      // Two sign-ups racing: the unique index decides. A lost address answers as taken ones do.
      if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
      if (pgConstraint(error)?.includes('email')) return undefined;
      throw new ValidationError({ username: [messages.usernameTaken] });
    }
  }

  /** Tells the owner of `email` that someone tried to sign up with it (a few times an hour). */
  async function mailSignupAttempt(email: string) {
    const owner = await repo.findUserByEmail(db, email);
    if (!owner || !(await rateLimits.tryConsume('signupNoticePerAccount', String(owner.id)))) {
      return;
    }
    const mail = signupAttemptMail(await mailRecipient(db, owner), `${publicUrl}/forgot-password`);
    await jobs.send('send-mail', mail);
  }

  return {
    /**
     * Creates the account and mails its verification link. An address that already has an
     * account gets the same answer after the same hashing, and its owner a mail about the
     * attempt instead, so the answer does not tell who has an account. Usernames are public
     * (every profile shows one), so a taken one is named.
     */
    async signup(input: SignupRequest, clientKey: string): Promise<SignupResponse> {
      await rateLimits.consume('signupPerClient', clientKey);
      const errors = validateSignup(input);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const { username } = input;
      const email = input.email.trim();
      const taken = await repo.usernameOrEmailTaken(db, username, email);
      if (taken.usernameTaken) throw new ValidationError({ username: [messages.usernameTaken] });
      const passwordHash = await hashPassword(input.password, 'sign-in');
      const user = taken.emailTaken
        ? undefined
        : await insertNewUser({ username, email, passwordHash });
      if (user) await mailLink(user, 'verify_email');
      else await mailSignupAttempt(email);
      return { username, email };
    },

    /**
     * Signs in; answers the pair (or, with two-factor on, a challenge for the code) and the device
     * cookie that makes this browser a known device.
     * Failures count per guesser (address or known device) and account, and against the
     * account's shared backstop, which known devices skip: guessing from elsewhere cannot lock
     * the owner out.
     */
    async login(
      email: string,
      password: string,
      client: LoginClient,
      device?: SessionDevice,
    ): Promise<{ answer: LoginResponse; deviceCookie?: string }> {
      const accountKey = email.trim().toLowerCase();
      await rateLimits.consume('loginPerClient', client.address);
      const user = accountKey ? await repo.findUserByEmail(db, accountKey) : undefined;
      const knownDevice = user && devices.deviceOf(client.deviceCookie, user.id);
      const guesser = knownDevice ? `device:${knownDevice}` : `address:${client.address}`;
      const guesserKey = `${guesser}|${accountKey}`;
      const budgets: Budget[] = [['loginPerGuesser', guesserKey]];
      if (!knownDevice) budgets.push(['loginPerAccount', accountKey]);
      // Verify against a dummy hash for unknown accounts so timing does not reveal which exist.
      const passwordHash = user?.passwordHash ?? (await dummyPasswordHash());
      const ok = await guessWithin(rateLimits, budgets, () =>
        verifyPassword(passwordHash, password, 'sign-in'),
      );
      if (!user || !ok)
        throw new UnauthorizedError(messages.invalidCredentials, 'invalid_credentials');
      await rateLimits.reset('loginPerGuesser', guesserKey);
      // Told only to whoever knows the password: the reason a moderator gave.
      if (user.suspendedAt) throw suspendedError(user.suspensionReason);
      if (await twoFactor.isEnabled(user.id)) {
        // The password was right; the tokens (and the known-device mark) wait for the code.
        const challenge = await newOneTimeToken(
          user.id,
          'two_factor_challenge',
          TWO_FACTOR_CHALLENGE_LIFETIME_MS,
        );
        return { answer: { two_factor_required: true, challenge } };
      }
      return {
        answer: await issuePair(user.id, undefined, device),
        deviceCookie: devices.setCookie(user.id, knownDevice),
      };
    },

    /**
     * The second step of a sign-in with two-factor: the challenge and a code give the tokens.
     * One transaction spends the challenge, the code and starts the session, so a code (a
     * recovery code above all) is spent only by the sign-in that succeeds with it: a request
     * losing the race for the challenge waits on its row and then finds it used, and one that
     * fails later (a wrong code, a suspended account) gives both back.
     */
    async loginSecondFactor(
      challenge: string,
      code: string,
      device?: SessionDevice,
    ): Promise<TokenPair> {
      const tokenHash = hashToken(challenge);
      return db.transaction(async (tx) => {
        const userId = await repo.consumeOneTimeToken(tx, 'two_factor_challenge', tokenHash);
        if (userId === undefined) throw challengeExpired();
        if (!(await twoFactor.useCode(userId, code, false, tx))) {
          throw new ValidationError({ code: [messages.twoFactorCodeWrong] });
        }
        const session = await sessions.start(userId, device, tx);
        const refresh = await issueRefreshToken(tx, userId, session, device);
        return { access: await accessTokens.issue(userId, session), refresh };
      });
    },

    async refresh(refresh: string, clientKey: string, device?: SessionDevice): Promise<TokenPair> {
      await rateLimits.consume('refreshPerClient', clientKey);
      const invalid = () => new UnauthorizedError(messages.invalidRefreshToken, 'token_not_valid');
      const row = await repo.findRefreshToken(db, hashToken(refresh));
      const now = new Date();
      if (!row || row.sessionEnded || isExpired(row.expiresAt, now)) throw invalid();
      const claimed = row.rotatedAt ? false : await repo.claimRefreshToken(db, row.id);
      if (!claimed) {
        const current = await repo.findRefreshToken(db, row.tokenHash);
        const rotatedAt = current?.rotatedAt;
        if (!current || current.sessionEnded || !rotatedAt || !isWithinReuseGrace(rotatedAt, now)) {
          // A rotated token came back late: someone holds a copy. End the whole sign-in.
          await sessions.end(row.sessionId, 'token_reuse');
          throw invalid();
        }
      }
      return issuePair(row.userId, row.sessionId, device);
    },

    /** Ends the session of this refresh token: its access tokens, sockets and calls too. */
    async logout(refresh: string) {
      const row = await repo.findRefreshToken(db, hashToken(refresh));
      if (row) await sessions.end(row.sessionId, 'logout');
      return { message: messages.loggedOut };
    },

    async verifyEmail(token: string, clientKey: string) {
      await rateLimits.consume('tokenCheckPerClient', clientKey);
      const verified = await db.transaction(async (tx) => {
        const userId = await repo.consumeOneTimeToken(tx, 'verify_email', hashToken(token));
        if (userId === undefined) return false;
        await proveAddress(tx, userId);
        return true;
      });
      if (!verified) throw refused(messages.verifyEmailInvalid, 'verify_email_invalid');
      return { message: messages.verifyEmailSuccess };
    },

    /**
     * The same answer after the same work whether or not the address has an account: the
     * request only queues a job, and looking the account up and mailing it come after the
     * answer (`mailPasswordReset`), so its timing tells nothing either.
     */
    async requestPasswordReset(email: string, clientKey: string) {
      await rateLimits.consume('resetPerClient', clientKey);
      const trimmed = email.trim();
      if (!trimmed.includes('@')) throw refused(messages.emailInvalid, 'email_invalid');
      await jobs.send('password-reset-request', { email: trimmed });
      return { message: messages.passwordResetSent };
    },

    /** The job behind a reset request: mails a link if the address has an account. */
    async mailPasswordReset(email: string) {
      const user = await repo.findUserByEmail(db, email);
      if (user && (await rateLimits.tryConsume('resetMailPerAccount', user.email.toLowerCase()))) {
        await mailLink(user, 'password_reset');
      }
    },

    async verifyResetToken(token: string, clientKey: string) {
      await rateLimits.consume('tokenCheckPerClient', clientKey);
      const row = await repo.findUsableOneTimeToken(db, 'password_reset', hashToken(token));
      if (!row) throw refused(messages.passwordResetInvalid, 'password_reset_invalid', NOT_VALID);
      return { valid: true };
    },

    async confirmPasswordReset(token: string, newPassword: string, clientKey: string) {
      await rateLimits.consume('tokenCheckPerClient', clientKey);
      const problems = passwordProblems(newPassword);
      if (problems.length > 0) {
        throw refused(messages.passwordResetFailed, 'password_too_weak', { details: problems });
      }
      const passwordHash = await hashPassword(newPassword, 'general');
      const reset = await db.transaction(async (tx) => {
        const owner = await repo.consumeOneTimeToken(tx, 'password_reset', hashToken(token));
        if (owner === undefined) return undefined;
        await repo.updatePasswordHash(tx, owner, passwordHash);
        // Signed out everywhere: whoever held the account before (a guesser, or someone who
        // signed up with this address before its owner) loses every token and socket at once.
        const ended = await sessions.endAll(owner, 'password_reset', tx);
        // Following a mailed link proves the address too.
        await proveAddress(tx, owner);
        return ended;
      });
      reset?.announce();
      if (reset === undefined) {
        throw refused(messages.passwordResetInvalid, 'password_reset_invalid', {
          details: [messages.passwordResetInvalid],
        });
      }
      return { message: messages.passwordResetDone };
    },

    /** A new password for a signed-in user; every other session of theirs ends. */
    async changePassword(
      userId: number,
      sessionId: number,
      input: { current_password: string; new_password: string },
    ) {
      await rateLimits.consume('passwordSetPerUser', String(userId));
      const user = await repo.findUserById(db, userId);
      if (!user) throw new NotFoundError();
      const problems = passwordProblems(input.new_password);
      if (problems.length > 0) throw new ValidationError({ new_password: problems });
      if (!(await verifyPassword(user.passwordHash, input.current_password, 'general'))) {
        throw new ValidationError({ current_password: [messages.currentPasswordWrong] });
      }
      const passwordHash = await hashPassword(input.new_password, 'general');
      const others = await db.transaction(async (tx) => {
        await repo.updatePasswordHash(tx, userId, passwordHash);
        return sessions.endOthers(userId, sessionId, 'password_changed', tx);
      });
      others.announce();
      return { message: messages.passwordChanged };
    },

    /** The same answer whether a mail went out, the address is verified, or the limit was met. */
    async resendVerification(userId: number, clientKey: string) {
      await rateLimits.consume('verifyResendPerClient', clientKey);
      const user = await repo.findUserById(db, userId);
      if (!user) throw new NotFoundError();
      if (
        !user.emailVerifiedAt &&
        (await rateLimits.tryConsume('verifyMailPerAccount', String(user.id)))
      ) {
        await mailLink(user, 'verify_email');
      }
      return { message: 'If your address is not yet verified, a new link is on its way.' };
    },
  };
}
