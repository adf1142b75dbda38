import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@zura/contracts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { login, postJson, resetPasswordByLink, type TokenPairBody } from '../../../test/auth.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { authedSocket, closeAllSockets, listen } from '../../../test/sockets.ts';

/**
 * What keeps two-factor sign-in from being turned against the account's owner: it needs a
 * verified address, a password reset that first proves the address drops a second factor set up
 * before it, the password checks are budgeted, turning it on or off signs the other devices
 * out, and a recovery code is spent only by the sign-in it lets in.
 */
let t: TestApp;
let ws: string;
beforeAll(async () => {
  t = await buildTestApp();
  ws = (await listen(t.app)).ws;
});
afterAll(async () => {
  await closeAllSockets();
  await t.close();
});

const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
const markVerified = (user: TestUser, verified = true) =>
  t.pool.query('UPDATE users SET email_verified_at = $2 WHERE id = $1', [
    user.id,
    verified ? new Date() : null,
  ]);
const status = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/2fa/', token })).json<{
    enabled: boolean;
    recovery_codes_left: number;
    email_verified: boolean;
  }>();
const setup = (user: TestUser, token = user.access, password = user.password) =>
  postJson(t, '/api/auth/2fa/setup/', { password }, { token });
const secondFactor = (challenge: string, code: string) =>
  postJson(t, '/api/auth/token/2fa/', { challenge, code });
const profile = (token: string) => t.request({ method: 'GET', url: '/api/auth/profile/', token });
const refresh = (token: string) => postJson(t, '/api/auth/token/refresh/', { refresh: token });

/** Turns two-factor on from `token`'s session; answers the secret and the recovery codes. */
async function turnOn(user: TestUser, token = user.access) {
  const res = await setup(user, token);
  expect(res.statusCode).toBe(200);
  const { secret } = res.json<{ secret: string }>();
  const enabled = await postJson(t, '/api/auth/2fa/enable/', { code: codeOf(secret) }, { token });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
}

async function challengeOf(user: TestUser) {
  const res = await postJson(t, '/api/auth/token/', {
    email: user.email,
    password: user.password,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ challenge: string }>().challenge;
}

describe('two-factor needs a verified address', () => {
  it('refuses set-up and enabling until the address is verified, saying so', async () => {
    const user = await buildUser(t);
    await markVerified(user, false);
    expect(await status(user.access)).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      email_verified: false,
    });
    const refused = await setup(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: messages.twoFactorNeedsVerifiedEmail });
    const { rows } = await t.pool.query('SELECT 1 FROM two_factor WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);

    // A set-up begun while the address was verified cannot be finished once it is not.
    await markVerified(user);
    const begun = await setup(user);
    expect(begun.statusCode).toBe(200);
    await markVerified(user, false);
    const enable = await postJson(
      t,
      '/api/auth/2fa/enable/',
      { code: codeOf(begun.json<{ secret: string }>().secret) },
      { token: user.access },
    );
    expect(enable.statusCode).toBe(403);
    expect(enable.json()).toMatchObject({ detail: messages.twoFactorNeedsVerifiedEmail });

    await markVerified(user);
    expect((await status(user.access)).email_verified).toBe(true);
    await turnOn(user);
  });

  it('is dropped by a password reset that first proves the address, and the reset verifies it', async () => {
    // Someone signed up with the owner's address and turned two-factor on (as was possible
    // before set-up needed a verified address): the owner's reset must not leave it in place.
    const squatted = await buildUser(t);
    await markVerified(squatted);
    await turnOn(squatted);
    await markVerified(squatted, false);

    expect((await resetPasswordByLink(t, squatted.id, 'the owner’s new password')).statusCode).toBe(
      200,
    );
    const owner = await login(t, squatted.email, 'the owner’s new password');
    expect(owner).toEqual({ access: expect.any(String) as string, refresh: expect.any(String) });
    expect(await status(owner.access)).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      email_verified: true,
    });
    const { rows } = await t.pool.query(
      `SELECT (SELECT count(*) FROM two_factor WHERE user_id = $1)::int AS secrets,
              (SELECT count(*) FROM recovery_codes WHERE user_id = $1)::int AS codes`,
      [squatted.id],
    );
    expect(rows[0]).toEqual({ secrets: 0, codes: 0 });
  });

  it('is dropped when the verification link first proves the address', async () => {
    const user = await buildUser(t);
    await markVerified(user);
    await turnOn(user);
    await markVerified(user, false);
    const token = newOpaqueToken();
    await t.pool.query(
      `INSERT INTO one_time_tokens (user_id, purpose, token_hash, expires_at)
       VALUES ($1, 'verify_email', $2, now() + interval '1 hour')`,
      [user.id, hashToken(token)],
    );
    const res = await postJson(t, '/api/auth/verify-email/', { token });
    expect(res.json()).toEqual({ message: messages.verifyEmailSuccess });
    expect(await status(user.access)).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      email_verified: true,
    });
  });

  it('is kept by a password reset of an account whose address was verified already', async () => {
    const user = await buildUser(t);
    await markVerified(user);
    await turnOn(user);
    expect((await resetPasswordByLink(t, user.id, 'a fresh new password')).statusCode).toBe(200);
    const res = await postJson(t, '/api/auth/token/', {
      email: user.email,
      password: 'a fresh new password',
    });
    expect(res.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
  });
});

describe('the password check of two-factor set-up and turning off', () => {
  it('allows 10 wrong passwords per user in 15 minutes, then answers 429 with Retry-After', async () => {
    const user = await buildUser(t);
    await markVerified(user);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await setup(user, user.access, `wrong password ${attempt}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ password: [messages.passwordWrong] });
    }
    const limited = await setup(user);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json<{ detail: string }>().detail).toMatch(
      /^Too many wrong passwords\. Please try again in \d+ seconds\.$/,
    );
    // The same budget covers turning two-factor off.
    const off = await postJson(
      t,
      '/api/auth/2fa/disable/',
      { password: 'another wrong one', code: '123456' },
      { token: user.access },
    );
    expect(off.statusCode).toBe(429);
  });

  it('gives a right password back, and counts wrong ones of turning off', async () => {
    const user = await buildUser(t);
    await markVerified(user);
    await turnOn(user);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await postJson(
        t,
        '/api/auth/2fa/disable/',
        { password: `wrong password ${attempt}`, code: '123456' },
        { token: user.access },
      );
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await postJson(
      t,
      '/api/auth/2fa/disable/',
      { password: user.password, code: '123456' },
      { token: user.access },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('turning two-factor on or off', () => {
  it('signs out every other session of the account (tokens and sockets), keeping this one', async () => {
    const user = await buildUser(t);
    await markVerified(user);
    const here: TokenPairBody = await login(t, user.email, user.password);
    const phone: TokenPairBody = await login(t, user.email, user.password);
    const socket = await authedSocket(ws, phone.access);

    await turnOn(user, here.access);

    expect((await socket.waitForClose()).code).toBe(4401);
    expect((await profile(phone.access)).statusCode).toBe(401);
    expect((await refresh(phone.refresh)).statusCode).toBe(401);
    expect((await profile(here.access)).statusCode).toBe(200);
    expect((await refresh(here.refresh)).statusCode).toBe(200);
    const { rows } = await t.pool.query<{ end_reason: string }>(
      'SELECT end_reason FROM sessions WHERE user_id = $1 AND ended_at IS NOT NULL',
      [user.id],
    );
    // The factory's own sign-in and the phone.
    expect(rows.map((row) => row.end_reason)).toEqual(['two_factor_enabled', 'two_factor_enabled']);
  });

  it('turning it off signs out the other sessions too', async () => {
    const user = await buildUser(t);
    await markVerified(user);
    const { recoveryCodes } = await turnOn(user);
    const other = await secondFactor(await challengeOf(user), recoveryCodes[0] ?? '');
    const phone = other.json<TokenPairBody>();
    expect((await profile(phone.access)).statusCode).toBe(200);

    const off = await postJson(
      t,
      '/api/auth/2fa/disable/',
      { password: user.password, code: recoveryCodes[1] },
      { token: user.access },
    );
    expect(off.statusCode).toBe(200);
    expect((await profile(phone.access)).statusCode).toBe(401);
    expect((await refresh(phone.refresh)).statusCode).toBe(401);
    expect((await profile(user.access)).statusCode).toBe(200);
  });
});

describe('a recovery code', () => {
  it('is spent once by two concurrent sign-ins with it, by the one that succeeds', async () => {
    const user = await buildUser(t);
    await markVerified(user);
    const { recoveryCodes } = await turnOn(user);
    const code = recoveryCodes[0] ?? '';
    const answers = await Promise.all([
      secondFactor(await challengeOf(user), code),
      secondFactor(await challengeOf(user), code),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect((await status(user.access)).recovery_codes_left).toBe(9);
  });

  it('is not spent by a sign-in that loses the race for its challenge', async () => {
    const user = await buildUser(t);
    await markVerified(user);
    const { recoveryCodes } = await turnOn(user);
    const challenge = await challengeOf(user);
    const answers = await Promise.all(
      recoveryCodes.slice(0, 3).map((code) => secondFactor(challenge, code)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401, 401]);
    expect((await status(user.access)).recovery_codes_left).toBe(9);
  });

  it('is not spent by a sign-in that fails for another reason', async () => {
    const user = await buildUser(t);
    await markVerified(user);
    const { recoveryCodes } = await turnOn(user);
    const challenge = await challengeOf(user);
    // Suspended between the password and the code: no session can start.
    await t.pool.query(
      "UPDATE users SET suspended_at = now(), suspension_reason = 'x' WHERE id = $1",
      [user.id],
    );
    const refused = await secondFactor(challenge, recoveryCodes[0] ?? '');
    expect(refused.statusCode).toBe(403);
    const { rows } = await t.pool.query<{ left: number }>(
      'SELECT count(*)::int AS left FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [user.id],
    );
    expect(rows[0]?.left).toBe(10);
  });
});
