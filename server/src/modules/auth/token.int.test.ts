import { ACCESS_TOKEN_LIFETIME_SECONDS, messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { LightMyRequestResponse } from 'fastify';
import { jwtPayload, newClientAddress, postJson } from '../../../test/auth.ts';
import { buildUser } from '../../../test/factories.ts';
import { RATE_LIMIT_POLICIES } from '../../lib/rate-limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PER_GUESSER = RATE_LIMIT_POLICIES.loginPerGuesser.points;
const PER_ACCOUNT = RATE_LIMIT_POLICIES.loginPerAccount.points;

/** POST /api/auth/token/ from `remoteAddress` (a fresh one if not given), with a device cookie. */
const token = (email: string, password: string, remoteAddress?: string, device?: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/token/',
    headers: { 'content-type': 'application/json', ...(device ? { cookie: device } : {}) },
    payload: JSON.stringify({ email, password }),
    remoteAddress: remoteAddress ?? newClientAddress(),
  });

/** The `name=value` of the device cookie a sign-in set. */
function deviceCookie(res: LightMyRequestResponse): string {
  const value = /^(zura_device=[^;]+)/.exec(String(res.headers['set-cookie']))?.[1];
  if (!value) throw new Error(`no device cookie: ${res.statusCode}`);
  return value;
}

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
    expect(wrongPassword.json()).toMatchObject(invalidCredentials);
    expect(unknownEmail.json()).toMatchObject(invalidCredentials);
  });

  it('refuses the password in another case', async () => {
    const user = await buildUser(t, { password: 'Mixed Case Password' });
    expect((await token(user.email, 'mixed case password')).statusCode).toBe(401);
  });

  it('refuses an empty password and an empty email with the same 401', async () => {
    const user = await buildUser(t);
    const noPassword = await token(user.email, '');
    expect(noPassword.statusCode).toBe(401);
    expect(noPassword.json()).toMatchObject(invalidCredentials);
    const noEmail = await token('', user.password);
    expect(noEmail.statusCode).toBe(401);
    expect(noEmail.json()).toMatchObject(invalidCredentials);
  });

  it('names each missing field', async () => {
    const res = await postJson(t, '/api/auth/token/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ email: [messages.required], password: [messages.required] });
  });

  describe(`per-guesser limit: ${PER_GUESSER} failures per address (or known device) and account`, () => {
    it('answers 429 to that address only, even with the right password', async () => {
      const user = await buildUser(t);
      const guesser = newClientAddress();
      for (let i = 0; i < PER_GUESSER; i++) {
        expect((await token(user.email, `wrong password ${i}`, guesser)).statusCode).toBe(401);
      }
      const limited = await token(user.email.toUpperCase(), user.password, guesser);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        detail: expect.stringMatching(
          /^Too many login attempts for this account\. Please try again in \d+ seconds\.$/,
        ),
      });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // The guesser's own budget: the owner, from its own address, signs in.
      expect((await token(user.email, user.password, newClientAddress())).statusCode).toBe(200);
    });

    it('lets the owner sign in after ten wrong logins from another address', async () => {
      const user = await buildUser(t);
      const owner = newClientAddress();
      const elsewhere = newClientAddress();
      for (let i = 0; i < 10; i++) {
        expect((await token(user.email, `wrong password ${i}`, elsewhere)).statusCode).toBe(401);
      }
      expect((await token(user.email, user.password, owner)).statusCode).toBe(200);
    });

    it('forgets the failures after a successful sign-in', async () => {
      const user = await buildUser(t);
      const client = newClientAddress();
      for (let i = 0; i < PER_GUESSER - 1; i++) {
        expect((await token(user.email, 'wrong password', client)).statusCode).toBe(401);
      }
      expect((await token(user.email, user.password, client)).statusCode).toBe(200);
      for (let i = 0; i < PER_GUESSER; i++) {
        expect((await token(user.email, 'wrong password', client)).statusCode).toBe(401);
      }
      expect((await token(user.email, user.password, client)).statusCode).toBe(429);
    });

    it('limits unknown emails the same way, so the answer does not reveal which exist', async () => {
      const client = newClientAddress();
      for (let i = 0; i < PER_GUESSER; i++) {
        expect((await token('ghost@example.com', 'whatever password', client)).statusCode).toBe(
          401,
        );
      }
      expect((await token('ghost@example.com', 'whatever password', client)).statusCode).toBe(429);
    });
  });

  describe(`account backstop: ${PER_ACCOUNT} failures from anywhere`, () => {
    it('holds back new devices but never a device that has signed in to the account', async () => {
      const user = await buildUser(t);
      const device = deviceCookie(await token(user.email, user.password));
      // Guessing spread over many addresses, each until refused.
      for (let spent = 0; spent < PER_ACCOUNT; spent += PER_GUESSER) {
        const address = newClientAddress();
        for (let i = 0; i < PER_GUESSER; i++) await token(user.email, `wrong ${i}`, address);
      }

      const newDevice = await token(user.email, user.password, newClientAddress());
      expect(newDevice.statusCode).toBe(429);
      expect(newDevice.json()).toMatchObject({
        detail: expect.stringMatching(/^Too many login attempts for this account\./),
      });
      const known = await token(user.email, user.password, newClientAddress(), device);
      expect(known.statusCode).toBe(200);
      // A cookie of another account, or a tampered one, is a new device here.
      const other = await buildUser(t);
      const othersDevice = deviceCookie(await token(other.email, other.password));
      expect((await token(user.email, user.password, undefined, othersDevice)).statusCode).toBe(
        429,
      );
      const tampered = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect((await token(user.email, user.password, undefined, tampered)).statusCode).toBe(429);
    });

    it('marks the device with an HttpOnly, same-site cookie sent only to the login route', async () => {
      const user = await buildUser(t);
      const res = await token(user.email, user.password);
      const header = String(res.headers['set-cookie']);
      expect(header).toMatch(/^zura_device=[^;]+; /);
      expect(header).toContain('Path=/api/auth/token/');
      expect(header).toContain('HttpOnly');
      expect(header).toContain('SameSite=Strict');
      expect(header).toMatch(/Max-Age=\d{7,}/);
      // Nothing is marked when the sign-in fails.
      expect((await token(user.email, 'not the password')).headers['set-cookie']).toBeUndefined();
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
      expect(limited.json()).toMatchObject({
        detail: expect.stringMatching(
          /^Too many login attempts\. Please try again in \d+ seconds\.$/,
        ),
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      expect((await token(user.email, user.password, newClientAddress())).statusCode).toBe(200);
    });
  });
});
