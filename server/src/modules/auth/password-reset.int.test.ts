import { messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tokenFromMail, type TestApp } from '../../../test/app.ts';
import { login, mailedToken, mailsTo, outboxRecipients, postJson } from '../../../test/auth.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { hashToken } from '../../lib/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new passphrase';

const requestReset = (email: unknown) => postJson(t, '/api/auth/password-reset/', { email });
const verifyToken = (token: unknown) =>
  postJson(t, '/api/auth/password-reset/verify-token/', { token });
const confirm = (token: unknown, newPassword: unknown) =>
  postJson(t, '/api/auth/password-reset/confirm/', { token, new_password: newPassword });
const signIn = (email: string, password: string) =>
  postJson(t, '/api/auth/token/', { email, password });

/** Asks for a reset link for `user` and answers the token from the mail. */
async function resetToken(user: TestUser, previous?: string): Promise<string> {
  const res = await requestReset(user.email);
  expect(res.statusCode).toBe(200);
  return mailedToken(t, user.email, 'Reset your password', '/reset-password', previous);
}

describe('POST /api/auth/password-reset/', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const user = await buildUser(t);
    const unknown = await requestReset('nobody-at-all@example.com');
    const known = await requestReset(user.email.toUpperCase());
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: messages.passwordResetSent });
    expect(known.json()).toEqual(unknown.json());

    // The unknown request came first, so its mail (if any) would be out by now.
    const mail = await t.waitForMail(user.email, 'Reset your password');
    expect(mail.replace(/=\r?\n/g, '')).toContain('http://zura.test/reset-password?token=');
    const recipients = await outboxRecipients(t);
    expect(recipients).toContain(user.email);
    expect(recipients).not.toContain('nobody-at-all@example.com');
  });

  it('does the same before answering for a known and an unknown address: it queues the request', async () => {
    const user = await buildUser(t);
    const unknown = 'nobody-known-here@example.com';
    const unknownAnswer = await requestReset(unknown);
    const knownAnswer = await requestReset(user.email);
    expect(knownAnswer.json()).toEqual(unknownAnswer.json());

    // Each request queued one job of the same kind, holding only the address: looking the
    // account up and mailing it happen in that job, after the answer.
    const queued = async (email: string) =>
      (await t.pool.query(`SELECT name, data FROM pgboss.job WHERE data->>'email' = $1`, [email]))
        .rows;
    expect(await queued(unknown)).toEqual([
      { name: 'password-reset-request', data: { email: unknown } },
    ]);
    expect(await queued(user.email)).toEqual([
      { name: 'password-reset-request', data: { email: user.email } },
    ]);
    await mailedToken(t, user.email, 'Reset your password', '/reset-password');
    expect(await mailsTo(t, unknown)).toBe(0);
  });

  it('refuses an address without an at-sign', async () => {
    const res = await requestReset('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.emailInvalid });
  });

  it('names a missing email field', async () => {
    const res = await postJson(t, '/api/auth/password-reset/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ email: [messages.required] });
  });

  it('answers 429 after 10 requests from one client in an hour', async () => {
    const client = '10.200.0.1';
    for (let i = 0; i < 10; i++) {
      const res = await postJson(
        t,
        '/api/auth/password-reset/',
        { email: `someone${i}@example.com` },
        { remoteAddress: client },
      );
      expect(res.statusCode).toBe(200);
    }
    const limited = await postJson(
      t,
      '/api/auth/password-reset/',
      { email: 'one-more@example.com' },
      { remoteAddress: client },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      detail: expect.stringMatching(/^Too many password reset requests\. Please try again in/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/password-reset/verify-token/', () => {
  it('answers valid for a fresh link', async () => {
    const token = await resetToken(await buildUser(t));
    const res = await verifyToken(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
  });

  it('answers 400 with valid false and the error for an unknown link', async () => {
    const res = await verifyToken('no-such-reset-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ valid: false, error: messages.passwordResetInvalid });
  });

  it('does not use the link up', async () => {
    const token = await resetToken(await buildUser(t));
    expect((await verifyToken(token)).statusCode).toBe(200);
    expect((await verifyToken(token)).statusCode).toBe(200);
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('does not accept an email verification link', async () => {
    const user = await buildUser(t);
    const signup = await postJson(t, '/api/auth/signup/', {
      username: 'verify_not_reset',
      email: 'verify-not-reset@example.com',
      password: user.password,
      password_confirm: user.password,
    });
    expect(signup.statusCode).toBe(201);
    const mail = await t.waitForMail('verify-not-reset@example.com', 'Verify your email address');
    const res = await verifyToken(tokenFromMail(mail, '/verify-email'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ valid: false });
  });
});

describe('POST /api/auth/password-reset/confirm/', () => {
  it('sets the new password: it signs in, the old one no longer does', async () => {
    const user = await buildUser(t);
    const token = await resetToken(user);
    const res = await confirm(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.passwordResetDone });
    expect((await signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const old = await signIn(user.email, user.password);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ detail: messages.invalidCredentials });
  });

  it('revokes every sign-in of the user, and only of that user', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    const laptop = await login(t, user.email, user.password);
    const phone = await login(t, user.email, user.password);
    const otherSession = await login(t, other.email, other.password);

    expect((await confirm(await resetToken(user), NEW_PASSWORD)).statusCode).toBe(200);

    const refresh = (token: string) => postJson(t, '/api/auth/token/refresh/', { refresh: token });
    expect((await refresh(laptop.refresh)).statusCode).toBe(401);
    expect((await refresh(phone.refresh)).statusCode).toBe(401);
    expect((await refresh(otherSession.refresh)).statusCode).toBe(200);
    const { rows } = await t.pool.query(
      'SELECT end_reason FROM sessions WHERE user_id = $1 ORDER BY id',
      [user.id],
    );
    // The factory's sign-in, the laptop and the phone.
    expect(rows).toEqual(Array.from({ length: 3 }, () => ({ end_reason: 'password_reset' })));
  });

  it('refuses a short password with the spec message and keeps the link usable', async () => {
    const user = await buildUser(t);
    const token = await resetToken(user);
    const res = await confirm(token, 'elevenchars');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: messages.passwordResetFailed,
      details: ['Password must be at least 12 characters long'],
    });
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a password longer than 256 characters', async () => {
    const res = await confirm('any-token', 'x'.repeat(257));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: messages.passwordResetFailed,
      details: [messages.passwordTooLong],
    });
  });

  it('works once: the same link a second time is refused', async () => {
    const user = await buildUser(t);
    const token = await resetToken(user);
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await confirm(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: messages.passwordResetInvalid,
      details: [messages.passwordResetInvalid],
    });
    expect((await verifyToken(token)).json()).toMatchObject({ valid: false });
    expect((await signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await buildUser(t);
    const token = await resetToken(user);
    await t.pool.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashToken(token)],
    );
    expect((await verifyToken(token)).json()).toMatchObject({
      valid: false,
      error: messages.passwordResetInvalid,
    });
    const res = await confirm(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.passwordResetInvalid });
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('stops an older link from working once a newer one is requested', async () => {
    const user = await buildUser(t);
    const older = await resetToken(user);
    const newer = await resetToken(user, older);
    expect(newer).not.toBe(older);
    expect((await verifyToken(older)).statusCode).toBe(400);
    expect((await confirm(older, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await confirm(newer, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unknown link', async () => {
    const res = await confirm('no-such-reset-token', NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: messages.passwordResetInvalid,
      details: [messages.passwordResetInvalid],
    });
  });

  it('names the missing fields', async () => {
    const res = await postJson(t, '/api/auth/password-reset/confirm/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      token: [messages.required],
      new_password: [messages.required],
    });
  });
});
