import { ACCESS_TOKEN_LIFETIME_SECONDS, messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { jwtPayload, newClientAddress, postJson } from '../../../test/auth.ts';
import { buildUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const token = (email: string, password: string, remoteAddress?: string) =>
  postJson(t, '/api/auth/token/', { email, password }, remoteAddress ? { remoteAddress } : {});

const invalidCredentials = { detail: messages.invalidCredentials };

describe('POST /api/auth/token/', () => {
  it('answers an access JWT for the user and an opaque refresh token', async () => {
    const user = await buildUser(t);
    const res = await token(user.email, user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);

    const claims = jwtPayload(body.access);
    expect(claims.user_id).toBe(user.id);
    expect(typeof claims.iat).toBe('number');
    expect(claims.exp).toBe((claims.iat as number) + ACCESS_TOKEN_LIFETIME_SECONDS);
    expect(ACCESS_TOKEN_LIFETIME_SECONDS).toBe(3600);

    expect(body.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refresh).not.toBe(body.access);
  });

  it('gives an access token the API accepts', async () => {
    const user = await buildUser(t);
    const { access } = (await token(user.email, user.password)).json();
    const profile = await t.request({ method: 'GET', url: '/api/auth/profile/', token: access });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it('reads the email in any case and with surrounding spaces', async () => {
    const user = await buildUser(t);
    expect((await token(user.email.toUpperCase(), user.password)).statusCode).toBe(200);
    expect((await token(`  ${user.email} `, user.password)).statusCode).toBe(200);
  });

  it('stores only a hash of the refresh token', async () => {
    const user = await buildUser(t);
    const { refresh } = (await token(user.email, user.password)).json();
    const { rows } = await t.pool.query<{ token_hash: string }>(
      'SELECT token_hash FROM refresh_tokens WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(refresh);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const user = await buildUser(t);
    const wrongPassword = await token(user.email, 'not the password at all');
    const unknownEmail = await token('nobody-here@example.com', user.password);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(invalidCredentials);
    expect(unknownEmail.json()).toEqual(invalidCredentials);
  });

  it('refuses the password in another case', async () => {
    const user = await buildUser(t, { password: 'Mixed Case Password' });
    expect((await token(user.email, 'mixed case password')).statusCode).toBe(401);
  });

  it('refuses an empty password and an empty email with the same 401', async () => {
    const user = await buildUser(t);
    const noPassword = await token(user.email, '');
    expect(noPassword.statusCode).toBe(401);
    expect(noPassword.json()).toEqual(invalidCredentials);
    const noEmail = await token('', user.password);
    expect(noEmail.statusCode).toBe(401);
    expect(noEmail.json()).toEqual(invalidCredentials);
  });

  it('names each missing field', async () => {
    const res = await postJson(t, '/api/auth/token/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [messages.required], password: [messages.required] });
  });

  describe('per-account limit: 10 attempts per 15 minutes', () => {
    it('answers 429 on the 11th attempt even from a new client address each time', async () => {
      const user = await buildUser(t);
      for (let i = 0; i < 10; i++) {
        const res = await token(user.email, `wrong password ${i}`, newClientAddress());
        expect(res.statusCode).toBe(401);
      }
      // Even the right password is refused now: the limit protects the account, not the guess.
      const limited = await token(user.email.toUpperCase(), user.password, newClientAddress());
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        detail: expect.stringMatching(
          /^Too many login attempts for this account\. Please try again in \d+ seconds\.$/,
        ),
      });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);

      const other = await buildUser(t);
      expect((await token(other.email, other.password)).statusCode).toBe(200);
    });

    it('forgets the failures after a successful sign-in', async () => {
      const user = await buildUser(t);
      for (let i = 0; i < 9; i++) {
        expect((await token(user.email, 'wrong password')).statusCode).toBe(401);
      }
      expect((await token(user.email, user.password)).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) {
        expect((await token(user.email, 'wrong password')).statusCode).toBe(401);
      }
      expect((await token(user.email, user.password)).statusCode).toBe(429);
    });

    it('limits unknown emails the same way, so the answer does not reveal which exist', async () => {
      for (let i = 0; i < 10; i++) {
        expect((await token('ghost@example.com', 'whatever password')).statusCode).toBe(401);
      }
      expect((await token('ghost@example.com', 'whatever password')).statusCode).toBe(429);
    });
  });

  describe('per-client limit: 20 attempts per minute', () => {
    it('answers 429 on the 21st attempt from one client, across accounts', async () => {
      const client = newClientAddress();
      for (let i = 0; i < 20; i++) {
        const res = await token(`someone${i}@example.com`, 'not a real password', client);
        expect(res.statusCode).toBe(401);
      }
      const user = await buildUser(t);
      const limited = await token(user.email, user.password, client);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        detail: expect.stringMatching(
          /^Too many login attempts\. Please try again in \d+ seconds\.$/,
        ),
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      expect((await token(user.email, user.password, newClientAddress())).statusCode).toBe(200);
    });
  });
});
