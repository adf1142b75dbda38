import { messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  jwtPayload,
  login,
  newClientAddress,
  postJson,
  type TokenPairBody,
} from '../../../test/auth.ts';
import { buildUser } from '../../../test/factories.ts';
import { hashToken } from '../../lib/tokens.ts';
import { REFRESH_REUSE_GRACE_MS } from './policy.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const refresh = (token: unknown) => postJson(t, '/api/auth/token/refresh/', { refresh: token });
const logout = (token: unknown) => postJson(t, '/api/auth/logout/', { refresh: token });
const invalidToken = { detail: messages.invalidRefreshToken };

async function signIn() {
  const user = await buildUser(t);
  return { user, pair: await login(t, user.email, user.password) };
}

/** Moves the moment `token` was rotated to before the grace window, as if time had passed. */
async function rotatedLongAgo(token: string) {
  await t.pool.query(
    `UPDATE refresh_tokens SET rotated_at = now() - make_interval(secs => $2)
      WHERE token_hash = $1 AND rotated_at IS NOT NULL`,
    [hashToken(token), REFRESH_REUSE_GRACE_MS / 1000 + 60],
  );
}

describe('POST /api/auth/token/refresh/', () => {
  it('rotates: answers a new access token and a new refresh token', async () => {
    const { user, pair } = await signIn();
    const res = await refresh(pair.refresh);
    expect(res.statusCode).toBe(200);
    const next = res.json<TokenPairBody>();
    expect(Object.keys(next).sort()).toEqual(['access', 'refresh']);
    expect(next.refresh).not.toBe(pair.refresh);
    expect(next.access).not.toBe(pair.access);
    expect(jwtPayload(next.access).user_id).toBe(user.id);

    const profile = await t.request({
      method: 'GET',
      url: '/api/auth/profile/',
      token: next.access,
    });
    expect(profile.statusCode).toBe(200);
    expect((await refresh(next.refresh)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const { pair } = await signIn();
    const second = (await refresh(pair.refresh)).json<TokenPairBody>();
    const third = (await refresh(second.refresh)).json<TokenPairBody>();
    await rotatedLongAgo(pair.refresh);

    const reuse = await refresh(pair.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject(invalidToken);

    // The thief and the owner both lose the sign-in: even the newest token is refused.
    const newest = await refresh(third.refresh);
    expect(newest.statusCode).toBe(401);
    expect(newest.json()).toMatchObject(invalidToken);
  });

  it('leaves the other sign-ins of the same user alone when one family is revoked', async () => {
    const { user, pair } = await signIn();
    const otherDevice = await login(t, user.email, user.password);
    await refresh(pair.refresh);
    await rotatedLongAgo(pair.refresh);
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
    expect((await refresh(otherDevice.refresh)).statusCode).toBe(200);
  });

  it('lets two tabs refresh with the same token at the same moment (the grace window)', async () => {
    const { user, pair } = await signIn();
    const [a, b] = await Promise.all([refresh(pair.refresh), refresh(pair.refresh)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const tabA = a.json<TokenPairBody>();
    const tabB = b.json<TokenPairBody>();
    expect(tabA.refresh).not.toBe(tabB.refresh);
    expect(jwtPayload(tabA.access).user_id).toBe(user.id);
    expect(jwtPayload(tabB.access).user_id).toBe(user.id);

    // Neither tab was taken for a thief: both can keep refreshing.
    expect((await refresh(tabA.refresh)).statusCode).toBe(200);
    expect((await refresh(tabB.refresh)).statusCode).toBe(200);
  });

  it('accepts a rotated token again within the grace window', async () => {
    const { pair } = await signIn();
    const first = await refresh(pair.refresh);
    const again = await refresh(pair.refresh);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect((await refresh(first.json<TokenPairBody>().refresh)).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const res = await refresh('this-token-was-never-issued-by-the-server-xx');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(invalidToken);
  });

  it('refuses an access token in place of a refresh token', async () => {
    const { pair } = await signIn();
    const res = await refresh(pair.access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(invalidToken);
  });

  it('refuses an expired token', async () => {
    const { pair } = await signIn();
    await t.pool.query(
      `UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashToken(pair.refresh)],
    );
    const res = await refresh(pair.refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(invalidToken);
  });

  it('answers 429 after 120 refreshes from one client in a minute', async () => {
    const client = newClientAddress();
    const from = (token: string) =>
      postJson(t, '/api/auth/token/refresh/', { refresh: token }, { remoteAddress: client });
    for (let i = 0; i < 120; i++) expect((await from(`guess-${i}`)).statusCode).toBe(401);
    const { pair } = await signIn();
    const limited = await from(pair.refresh);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ detail: expect.stringMatching(/^Too many requests\./) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await refresh(pair.refresh)).statusCode).toBe(200);
  });

  it('names a missing refresh field', async () => {
    const res = await postJson(t, '/api/auth/token/refresh/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ refresh: [messages.required] });
  });
});

describe('POST /api/auth/logout/', () => {
  it('ends the sign-in: its refresh token no longer works', async () => {
    const { pair } = await signIn();
    const res = await logout(pair.refresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.loggedOut });
    const after = await refresh(pair.refresh);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject(invalidToken);
  });

  it('ends the whole family, including tokens rotated from the one logged out', async () => {
    const { pair } = await signIn();
    const next = (await refresh(pair.refresh)).json<TokenPairBody>();
    expect((await logout(pair.refresh)).statusCode).toBe(200);
    expect((await refresh(next.refresh)).statusCode).toBe(401);
  });

  it('leaves the other sign-ins of the user alone', async () => {
    const { user, pair } = await signIn();
    const otherDevice = await login(t, user.email, user.password);
    await logout(pair.refresh);
    expect((await refresh(otherDevice.refresh)).statusCode).toBe(200);
  });

  it('answers 200 for an unknown token, and for one already logged out', async () => {
    const unknown = await logout('never-issued-token');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: messages.loggedOut });

    const { pair } = await signIn();
    await logout(pair.refresh);
    const twice = await logout(pair.refresh);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual({ message: messages.loggedOut });
  });

  it('names a missing refresh field', async () => {
    const res = await postJson(t, '/api/auth/logout/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ refresh: [messages.required] });
  });
});
