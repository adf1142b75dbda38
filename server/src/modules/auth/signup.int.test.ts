import { messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tokenFromMail, type TestApp } from '../../../test/app.ts';
import { login, mailsTo, newClientAddress, postJson } from '../../../test/auth.ts';
import { buildUser } from '../../../test/factories.ts';
import { RATE_LIMIT_POLICIES } from '../../lib/rate-limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let counter = 0;
/** A valid sign-up body with a name and address no other test uses. */
function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const username = `signup_${counter}`;
  return {
    username,
    email: `${username}@example.com`,
    password: 'correct horse battery',
    password_confirm: 'correct horse battery',
    ...overrides,
  };
}

const SIGNUP_ATTEMPT = 'Someone tried to sign up with your address';
const NOTICES_PER_ACCOUNT = RATE_LIMIT_POLICIES.signupNoticePerAccount.points;

const signup = (body: unknown, remoteAddress?: string) =>
  postJson(t, '/api/auth/signup/', body, remoteAddress ? { remoteAddress } : {});

describe('POST /api/auth/signup/', () => {
  it('creates the account and answers exactly username and email', async () => {
    const body = signupBody();
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ username: body.username, email: body.email });

    const pair = await login(t, body.email, body.password);
    const profile = await t.request({
      method: 'GET',
      url: '/api/auth/profile/',
      token: pair.access,
    });
    expect(profile.json()).toMatchObject({ username: body.username, email_verified: false });
  });

  it('mails a verification link that verifies the address once', async () => {
    const body = signupBody();
    expect((await signup(body)).statusCode).toBe(201);
    const mail = await t.waitForMail(body.email, 'Verify your email address');
    expect(mail.replace(/=\r?\n/g, '')).toContain('http://zura.test/verify-email?token=');
    const token = tokenFromMail(mail, '/verify-email');

    const verify = () => postJson(t, '/api/auth/verify-email/', { token });
    const first = await verify();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: messages.verifyEmailSuccess });

    const { access } = await login(t, body.email, body.password);
    const profile = await t.request({ method: 'GET', url: '/api/auth/profile/', token: access });
    expect(profile.json()).toMatchObject({ email_verified: true });

    const second = await verify();
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ error: messages.verifyEmailInvalid });
  });

  it('stores the address trimmed', async () => {
    const body = signupBody();
    const res = await signup({ ...body, email: `  ${body.email} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: body.email });
  });

  describe('field errors', () => {
    it.each([
      ['username', { username: '' }, messages.required],
      ['username', { username: 'ab' }, messages.usernameInvalid],
      ['username', { username: 'a'.repeat(31) }, messages.usernameInvalid],
      ['username', { username: 'has space' }, messages.usernameInvalid],
      ['username', { username: 'dot.ted' }, messages.usernameInvalid],
      ['email', { email: '' }, messages.required],
      ['email', { email: '   ' }, messages.required],
      ['email', { email: 'not-an-email' }, messages.emailInvalid],
      ['email', { email: 'ana@example' }, messages.emailInvalid],
      ['email', { email: 'ana@maildrop.cc' }, messages.emailDisposable],
      ['email', { email: 'ana@MailDrop.CC' }, messages.emailDisposable],
      ['email', { email: 'ana@inbox.mailinator.com' }, messages.emailDisposable],
      ['email', { email: 'ana@yopmail.com.' }, messages.emailDisposable],
      ['password', { password: '' }, messages.required],
      ['password', { password: 'short1!', password_confirm: 'short1!' }, messages.passwordTooShort],
      [
        'password',
        { password: 'x'.repeat(257), password_confirm: 'x'.repeat(257) },
        messages.passwordTooLong,
      ],
      ['password_confirm', { password_confirm: '' }, messages.required],
      [
        'password_confirm',
        { password_confirm: 'correct horse battery!' },
        messages.passwordsDoNotMatch,
      ],
    ])('%s %j → %s', async (field, overrides, message) => {
      const res = await signup(signupBody(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ [field]: [message] });
    });

    it('accepts a password of exactly 12 characters', async () => {
      const res = await signup(
        signupBody({ password: 'abcdefghijkl', password_confirm: 'abcdefghijkl' }),
      );
      expect(res.statusCode).toBe(201);
    });

    it('names every wrong field at once', async () => {
      const res = await signup({
        username: 'a',
        email: 'nope',
        password: 'short',
        password_confirm: 'other',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        username: [messages.usernameInvalid],
        email: [messages.emailInvalid],
        password: [messages.passwordTooShort],
        password_confirm: [messages.passwordsDoNotMatch],
      });
    });

    it('names each missing field', async () => {
      const res = await signup({});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        username: [messages.required],
        email: [messages.required],
        password: [messages.required],
        password_confirm: [messages.required],
      });
    });
  });

  describe('taken names', () => {
    it('refuses a username taken in another case', async () => {
      const existing = await buildUser(t);
      const res = await signup(signupBody({ username: existing.username.toUpperCase() }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ username: [messages.usernameTaken] });
    });

    it('answers an address that has an account exactly as a new one, and mails its owner', async () => {
      const existing = await buildUser(t);
      const fresh = signupBody();
      const [freshAnswer, takenAnswer] = [
        await signup(fresh),
        await signup({ ...signupBody(), email: existing.email.toUpperCase() }),
      ];
      expect(takenAnswer.statusCode).toBe(freshAnswer.statusCode);
      expect(Object.keys(takenAnswer.json()).sort()).toEqual(
        Object.keys(freshAnswer.json()).sort(),
      );
      expect(takenAnswer.json()).toEqual({
        username: expect.any(String),
        email: existing.email.toUpperCase(),
      });

      // No second account; the owner hears of the attempt, the new address gets its link.
      const { rows } = await t.pool.query(
        'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
        [existing.email],
      );
      expect(rows[0]).toEqual({ n: 1 });
      const notice = await t.waitForMail(existing.email, SIGNUP_ATTEMPT);
      expect(notice).toContain('No new account was made');
      await t.waitForMail(fresh.email, 'Verify your email address');
      // The owner's password still signs in; the one the stranger chose does not.
      expect(
        (
          await postJson(t, '/api/auth/token/', {
            email: existing.email,
            password: existing.password,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await postJson(t, '/api/auth/token/', { email: existing.email, password: fresh.password }))
          .statusCode,
      ).toBe(401);
    });

    it(`mails the owner at most ${NOTICES_PER_ACCOUNT} notices an hour`, async () => {
      const existing = await buildUser(t);
      for (let i = 0; i < NOTICES_PER_ACCOUNT + 2; i++) {
        expect((await signup({ ...signupBody(), email: existing.email })).statusCode).toBe(201);
      }
      expect(await mailsTo(t, existing.email)).toBe(NOTICES_PER_ACCOUNT);
    });

    it('names only the username when both are taken', async () => {
      const existing = await buildUser(t);
      const res = await signup(signupBody({ username: existing.username, email: existing.email }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ username: [messages.usernameTaken] });
    });

    it('makes one account of two simultaneous identical sign-ups', async () => {
      const body = signupBody();
      const results = await Promise.all([signup(body), signup(body)]);
      for (const res of results) {
        if (res.statusCode === 201)
          expect(res.json()).toEqual({ username: body.username, email: body.email });
        else expect(res.json()).toMatchObject({ username: [messages.usernameTaken] });
      }
      expect(results.map((res) => res.statusCode)).toContain(201);
      const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [
        body.email,
      ]);
      expect(rows[0]).toEqual({ n: 1 });
    });
  });

  describe('rate limit', () => {
    it('answers 429 with a detail and Retry-After after 10 sign-ups from one client in an hour', async () => {
      const client = newClientAddress();
      for (let i = 0; i < 10; i++) {
        // Refused sign-ups count too: the limit is on attempts, so a bot cannot probe names.
        const res = await signup(signupBody({ password_confirm: 'mismatch' }), client);
        expect(res.statusCode).toBe(400);
      }
      const limited = await signup(signupBody(), client);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        detail: expect.stringMatching(
          /^Too many sign-ups from this address\. Please try again in \d+ seconds\.$/,
        ),
      });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);

      const elsewhere = await signup(signupBody());
      expect(elsewhere.statusCode).toBe(201);
    });
  });
});
