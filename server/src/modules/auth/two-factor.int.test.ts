import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@zura/contracts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { postJson, type TokenPairBody } from '../../../test/auth.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { createSecretBox } from './totp.ts';

/**
 * Two-factor sign-in: set up with the password, on with a first code, then every sign-in with
 * the right password waits for a code (or a recovery code), each good once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The code an authenticator app shows `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** A user whose address is verified: two-factor is refused before that. */
async function verifiedUser(app: TestApp) {
  const user = await buildUser(app);
  await app.pool.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [user.id]);
  return user;
}

const status = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/2fa/', token })).json();
const login = (user: TestUser, password = user.password) =>
  postJson(t, '/api/auth/token/', { email: user.email, password });
const secondFactor = (challenge: string, code: string) =>
  postJson(t, '/api/auth/token/2fa/', { challenge, code });

/** A user with two-factor on: answers the secret and the recovery codes. */
async function withTwoFactor(user: TestUser) {
  const setup = await postJson(
    t,
    '/api/auth/2fa/setup/',
    { password: user.password },
    { token: user.access },
  );
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await postJson(
    t,
    '/api/auth/2fa/enable/',
    { code: codeOf(secret) },
    { token: user.access },
  );
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
}

async function challengeOf(user: TestUser) {
  const res = await login(user);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ two_factor_required: boolean; challenge: string }>();
  expect(body).toEqual({ two_factor_required: true, challenge: expect.any(String) as string });
  return body.challenge;
}

describe('turning two-factor sign-in on', () => {
  it('needs the password, then a first code from the app; the secret is not stored readable', async () => {
    const user = await verifiedUser(t);
    const wrong = await postJson(
      t,
      '/api/auth/2fa/setup/',
      { password: 'not the password at all' },
      { token: user.access },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ password: [messages.passwordWrong] });

    const setup = await postJson(
      t,
      '/api/auth/2fa/setup/',
      { password: user.password },
      { token: user.access },
    );
    const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL(otpauth_url).searchParams.get('secret')).toBe(secret);
    const { rows } = await t.pool.query<{ encrypted_secret: string }>(
      'SELECT encrypted_secret FROM two_factor WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0]?.encrypted_secret).not.toContain(secret);
    // Set up but not on: sign-in still answers tokens.
    expect(await status(user.access)).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      email_verified: true,
    });
    expect((await login(user)).json()).toHaveProperty('access');

    const badCode = await postJson(
      t,
      '/api/auth/2fa/enable/',
      { code: '000000' === codeOf(secret) ? '111111' : '000000' },
      { token: user.access },
    );
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatchObject({
      code: 'validation_failed',
      fields: { code: [messages.twoFactorCodeWrong] },
    });

    const enabled = await postJson(
      t,
      '/api/auth/2fa/enable/',
      { code: codeOf(secret) },
      { token: user.access },
    );
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(new Set(codes).size).toBe(10);
    expect(await status(user.access)).toEqual({
      enabled: true,
      recovery_codes_left: 10,
      email_verified: true,
    });
    const again = await postJson(
      t,
      '/api/auth/2fa/setup/',
      { password: user.password },
      { token: user.access },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: messages.twoFactorAlreadyOn });
  });

  it('cannot be switched on without a set-up', async () => {
    const user = await verifiedUser(t);
    const res = await postJson(
      t,
      '/api/auth/2fa/enable/',
      { code: '123456' },
      { token: user.access },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.twoFactorNotSetUp });
  });
});

describe('signing in with two-factor on', () => {
  it('gives no tokens for the password alone, and tokens for the challenge with a code', async () => {
    const user = await verifiedUser(t);
    const { secret } = await withTwoFactor(user);
    const challenge = await challengeOf(user);

    const wrong = await secondFactor(challenge, codeOf(secret, -5));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'validation_failed',
      fields: { code: [messages.twoFactorCodeWrong] },
    });

    // The enabling code's step is used; the next step's code is good.
    const right = await secondFactor(challenge, codeOf(secret, 1));
    expect(right.statusCode).toBe(200);
    const pair = right.json<TokenPairBody>();
    const profile = await t.request({
      method: 'GET',
      url: '/api/auth/profile/',
      token: pair.access,
    });
    expect(profile.statusCode).toBe(200);

    // The challenge is spent, and the same code is not good twice.
    const spent = await secondFactor(challenge, codeOf(secret, 1));
    expect(spent.statusCode).toBe(401);
    expect(spent.json()).toMatchObject({ detail: messages.twoFactorChallengeExpired });
    const replay = await secondFactor(await challengeOf(user), codeOf(secret, 1));
    expect(replay.statusCode).toBe(400);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const user = await verifiedUser(t);
    const { recoveryCodes } = await withTwoFactor(user);
    const code = recoveryCodes[3] ?? '';
    const typed = ` ${code.toUpperCase().replaceAll('-', ' ')} `;
    expect((await secondFactor(await challengeOf(user), typed)).statusCode).toBe(200);
    expect((await secondFactor(await challengeOf(user), code)).statusCode).toBe(400);
    expect(await status(user.access)).toEqual({
      enabled: true,
      recovery_codes_left: 9,
      email_verified: true,
    });
  });

  it('takes recovery codes, and refuses app codes without an error, once the secret key changed', async () => {
    const user = await verifiedUser(t);
    const { secret, recoveryCodes } = await withTwoFactor(user);
    // The same secret sealed under another key, as after SECRET_KEY changed.
    const otherBox = createSecretBox(new Uint8Array(32).fill(7));
    await t.pool.query('update two_factor set encrypted_secret = $2 where user_id = $1', [
      user.id,
      otherBox.seal(secret),
    ]);
    const appCode = await secondFactor(await challengeOf(user), codeOf(secret, 1));
    expect(appCode.statusCode).toBe(400);
    expect(appCode.json()).toMatchObject({
      code: 'validation_failed',
      fields: { code: [messages.twoFactorCodeWrong] },
    });
    const recovery = await secondFactor(await challengeOf(user), recoveryCodes[0] ?? '');
    expect(recovery.statusCode).toBe(200);
  });

  it('refuses an expired challenge and a made-up one', async () => {
    const user = await verifiedUser(t);
    const { secret } = await withTwoFactor(user);
    const challenge = await challengeOf(user);
    await t.pool.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second'
       WHERE user_id = $1 AND purpose = 'two_factor_challenge'`,
      [user.id],
    );
    expect((await secondFactor(challenge, codeOf(secret, 1))).statusCode).toBe(401);
    expect((await secondFactor('made-up', codeOf(secret, 1))).statusCode).toBe(401);
  });

  it('limits wrong codes per account', async () => {
    const user = await verifiedUser(t);
    const { secret } = await withTwoFactor(user);
    const challenge = await challengeOf(user);
    const wrongCode = codeOf(secret, -5);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await secondFactor(challenge, wrongCode)).statusCode).toBe(400);
    }
    const limited = await secondFactor(challenge, codeOf(secret, 1));
    expect(limited.statusCode).toBe(429);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password and a code; sign-in then answers tokens at once', async () => {
    const user = await verifiedUser(t);
    const { recoveryCodes } = await withTwoFactor(user);
    const noCode = await postJson(
      t,
      '/api/auth/2fa/disable/',
      { password: user.password, code: '123456' },
      { token: user.access },
    );
    expect(noCode.statusCode).toBe(400);
    const off = await postJson(
      t,
      '/api/auth/2fa/disable/',
      { password: user.password, code: recoveryCodes[0] },
      { token: user.access },
    );
    expect(off.statusCode).toBe(200);
    expect(await status(user.access)).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      email_verified: true,
    });
    expect((await login(user)).json()).toHaveProperty('access');
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  it('keeps admins without two-factor out of the admin pages', async () => {
    const strict = await buildTestApp({ REQUIRE_ADMIN_2FA: 'true' });
    try {
      const admin = await verifiedUser(strict);
      await strict.pool.query('UPDATE users SET is_admin = true WHERE id = $1', [admin.id]);
      const adminPage = () =>
        strict.request({
          method: 'GET',
          url: '/api/admin/creator-applications/',
          token: admin.access,
        });
      const refused = await adminPage();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ detail: messages.adminNeedsTwoFactor });

      const setup = await postJson(
        strict,
        '/api/auth/2fa/setup/',
        { password: admin.password },
        { token: admin.access },
      );
      const { secret } = setup.json<{ secret: string }>();
      await postJson(
        strict,
        '/api/auth/2fa/enable/',
        { code: codeOf(secret) },
        { token: admin.access },
      );
      expect((await adminPage()).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
