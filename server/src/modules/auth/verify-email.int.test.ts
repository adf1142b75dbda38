import { messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { login, mailedToken, mailsTo, newClientAddress, postJson } from '../../../test/auth.ts';
import { buildUser } from '../../../test/factories.ts';
import { RATE_LIMIT_POLICIES } from '../../lib/rate-limits.ts';
import { hashToken } from '../../lib/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'a long enough password';
const SUBJECT = 'Verify your email address';
const MAILS_PER_ACCOUNT = RATE_LIMIT_POLICIES.verifyMailPerAccount.points;
const RESENDS_PER_CLIENT = RATE_LIMIT_POLICIES.verifyResendPerClient.points;
let counter = 0;

/** Signs up through the API and answers the account with the token of its verification mail. */
async function signUp() {
  counter += 1;
  const username = `verify_${counter}`;
  const email = `${username}@example.com`;
  const res = await postJson(t, '/api/auth/signup/', {
    username,
    email,
    password: PASSWORD,
    password_confirm: PASSWORD,
  });
  expect(res.statusCode).toBe(201);
  const token = await mailedToken(t, email, SUBJECT, '/verify-email');
  const { rows } = await t.pool.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
    email,
  ]);
  return { id: rows[0]?.id, email, token };
}

const verify = (token: unknown) => postJson(t, '/api/auth/verify-email/', { token });

async function isVerified(email: string): Promise<boolean> {
  const { access } = await login(t, email, PASSWORD);
  const res = await t.request({ method: 'GET', url: '/api/auth/profile/', token: access });
  return res.json<{ email_verified: boolean }>().email_verified;
}

describe('POST /api/auth/verify-email/', () => {
  it('verifies the address of the mailed link', async () => {
    const account = await signUp();
    expect(await isVerified(account.email)).toBe(false);
    const res = await verify(account.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.verifyEmailSuccess });
    expect(await isVerified(account.email)).toBe(true);
  });

  it('works once', async () => {
    const account = await signUp();
    expect((await verify(account.token)).statusCode).toBe(200);
    const again = await verify(account.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: messages.verifyEmailInvalid });
  });

  it('refuses an unknown link', async () => {
    const res = await verify('no-such-verification-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.verifyEmailInvalid });
  });

  it('refuses an expired link and leaves the address unverified', async () => {
    const account = await signUp();
    await t.pool.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashToken(account.token)],
    );
    const res = await verify(account.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.verifyEmailInvalid });
    expect(await isVerified(account.email)).toBe(false);
  });

  it('does not accept a password reset link', async () => {
    const user = await buildUser(t);
    expect((await postJson(t, '/api/auth/password-reset/', { email: user.email })).statusCode).toBe(
      200,
    );
    const resetToken = await mailedToken(t, user.email, 'Reset your password', '/reset-password');
    const res = await verify(resetToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.verifyEmailInvalid });
    // Refused as a verification, the link still resets the password.
    const reset = await postJson(t, '/api/auth/password-reset/verify-token/', {
      token: resetToken,
    });
    expect(reset.json()).toEqual({ valid: true });
  });

  it('names a missing token field', async () => {
    const res = await postJson(t, '/api/auth/verify-email/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ token: [messages.required] });
  });

  it('answers 429 after 60 link checks from one client in a minute', async () => {
    const client = newClientAddress();
    for (let i = 0; i < 60; i++) {
      const res = await postJson(
        t,
        '/api/auth/verify-email/',
        { token: `guess-${i}` },
        { remoteAddress: client },
      );
      expect(res.statusCode).toBe(400);
    }
    const limited = await postJson(
      t,
      '/api/auth/verify-email/',
      { token: 'guess-61' },
      { remoteAddress: client },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ detail: expect.stringMatching(/^Too many requests\./) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/verify-email/resend/', () => {
  const resend = (token?: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/verify-email/resend/',
      ...(token ? { token } : {}),
    });

  it('requires sign-in', async () => {
    const res = await resend();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: messages.authRequired });
  });

  it('mails a new link that works and makes the older one useless', async () => {
    const account = await signUp();
    const { access } = await login(t, account.email, PASSWORD);
    const res = await resend(access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const newer = await mailedToken(t, account.email, SUBJECT, '/verify-email', account.token);
    expect((await verify(account.token)).statusCode).toBe(400);
    expect((await verify(newer)).statusCode).toBe(200);
    expect(await isVerified(account.email)).toBe(true);
  });

  it(`mails at most ${MAILS_PER_ACCOUNT} links an hour, answering every request the same`, async () => {
    const account = await signUp();
    const { access } = await login(t, account.email, PASSWORD);
    const client = newClientAddress();
    const answers = [];
    for (let i = 0; i < MAILS_PER_ACCOUNT + 3; i++) {
      answers.push(
        await postJson(
          t,
          '/api/auth/verify-email/resend/',
          {},
          { remoteAddress: client, token: access },
        ),
      );
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(answers[0]?.json());
    }
    // The sign-up's own mail and the allowed resends, nothing more.
    expect(await mailsTo(t, account.email)).toBe(1 + MAILS_PER_ACCOUNT);
  });

  it(`answers 429 after ${RESENDS_PER_CLIENT} requests from one client in an hour`, async () => {
    const client = newClientAddress();
    for (let i = 0; i < RESENDS_PER_CLIENT; i++) {
      const user = await buildUser(t);
      const res = await postJson(
        t,
        '/api/auth/verify-email/resend/',
        {},
        { remoteAddress: client, token: user.access },
      );
      expect(res.statusCode).toBe(200);
    }
    const user = await buildUser(t);
    const limited = await postJson(
      t,
      '/api/auth/verify-email/resend/',
      {},
      { remoteAddress: client, token: user.access },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      detail: expect.stringMatching(
        /^Too many verification mail requests\. Please try again in \d+ seconds\.$/,
      ),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers the same and mails nothing once the address is verified', async () => {
    const account = await signUp();
    expect((await verify(account.token)).statusCode).toBe(200);
    const { access } = await login(t, account.email, PASSWORD);
    const res = await resend(access);
    expect(res.statusCode).toBe(200);
    const { rows } = await t.pool.query(
      `SELECT count(*)::int AS n FROM one_time_tokens WHERE user_id = $1 AND purpose = 'verify_email'`,
      [account.id],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });
});
