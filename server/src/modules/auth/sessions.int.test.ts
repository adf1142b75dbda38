import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@zura/contracts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { login, postJson, resetPasswordByLink, type TokenPairBody } from '../../../test/auth.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { buildSecondInstance, type SecondInstance } from '../../../test/second-instance.ts';

/**
 * A session (one sign-in) ends once, and then its access tokens stop working at once, on every
 * instance, although each instance keeps the sessions it has seen in memory: logout, a copied
 * refresh token, a password reset, account deletion.
 */
let t: TestApp;
let second: SecondInstance;
beforeAll(async () => {
  t = await buildTestApp();
  second = await buildSecondInstance(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const profile = (token: string, app: TestApp | SecondInstance = t) =>
  app.request({ method: 'GET', url: '/api/auth/profile/', token });

/** Signs in through the API and checks the token once, so both instances keep its session. */
async function signedIn(user: TestUser): Promise<TokenPairBody> {
  const pair = await login(t, user.email, user.password);
  expect((await profile(pair.access)).statusCode).toBe(200);
  expect((await profile(pair.access, second)).statusCode).toBe(200);
  return pair;
}

function expectSignedOut(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ detail: messages.authInvalid });
}

const refresh = (token: string) => postJson(t, '/api/auth/token/refresh/', { refresh: token });

describe('ending a session', () => {
  it('logout ends that session’s access tokens at once, on both instances, and no other', async () => {
    const user = await buildUser(t);
    const laptop = await signedIn(user);
    const phone = await signedIn(user);

    const res = await postJson(t, '/api/auth/logout/', { refresh: laptop.refresh });
    expect(res.statusCode).toBe(200);

    // The instance that ended it does not wait for the database's notice.
    expectSignedOut(
      await t.request({
        method: 'GET',
        url: '/api/auth/profile/',
        token: laptop.access,
        settle: false,
      }),
    );
    expectSignedOut(await profile(laptop.access, second));
    expect((await refresh(laptop.refresh)).statusCode).toBe(401);
    expect((await profile(phone.access)).statusCode).toBe(200);
    expect((await profile(phone.access, second)).statusCode).toBe(200);
  });

  it('a rotated refresh token presented late ends its session’s access tokens', async () => {
    const user = await buildUser(t);
    const stolen = await signedIn(user);
    const rotated = (await refresh(stolen.refresh)).json<TokenPairBody>();
    expect((await profile(rotated.access)).statusCode).toBe(200);
    await t.pool.query(
      `UPDATE refresh_tokens SET rotated_at = now() - interval '1 minute' WHERE rotated_at IS NOT NULL
       AND user_id = $1`,
      [user.id],
    );

    expect((await refresh(stolen.refresh)).statusCode).toBe(401);

    expectSignedOut(await profile(rotated.access));
    expectSignedOut(await profile(stolen.access, second));
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);
  });

  it('a password reset ends every session of the account, its access tokens included', async () => {
    const user = await buildUser(t);
    const before = await signedIn(user);
    const other = await buildUser(t);
    const otherPair = await signedIn(other);

    expect((await resetPasswordByLink(t, user.id)).statusCode).toBe(200);

    expectSignedOut(await profile(before.access));
    expectSignedOut(await profile(before.access, second));
    expectSignedOut(await profile(user.access));
    expect((await profile(otherPair.access, second)).statusCode).toBe(200);
  });

  it('a session ended behind the platform’s back is refused once its notice is heard', async () => {
    const user = await buildUser(t);
    const pair = await signedIn(user);
    await t.pool.query(
      `UPDATE sessions SET ended_at = now(), end_reason = 'revoked'
       WHERE id = (SELECT session_id FROM refresh_tokens WHERE user_id = $1 ORDER BY id DESC LIMIT 1)`,
      [user.id],
    );
    expectSignedOut(await profile(pair.access));
    expectSignedOut(await profile(pair.access, second));
  });

  it('deleting the account ends its sessions on both instances', async () => {
    const user = await buildUser(t);
    const pair = await signedIn(user);
    const res = await postJson(
      t,
      '/api/auth/account/delete/',
      { password: user.password },
      { token: pair.access },
    );
    expect(res.statusCode).toBe(200);
    expectSignedOut(await profile(pair.access));
    expectSignedOut(await profile(pair.access, second));
  });
});

describe('the daily clean-up', () => {
  it('removes sessions over for a day with their refresh tokens, and keeps the rest', async () => {
    const user = await buildUser(t);
    const ended = await login(t, user.email, user.password);
    await postJson(t, '/api/auth/logout/', { refresh: ended.refresh });
    const going = await signedIn(user);
    await t.pool.query(
      `UPDATE sessions SET ended_at = now() - interval '25 hours' WHERE user_id = $1 AND ended_at IS NOT NULL`,
      [user.id],
    );

    const removed = await t.services.sessions.deleteOld();
    expect(removed).toBeGreaterThanOrEqual(1);

    const { rows } = await t.pool.query<{ ended: boolean }>(
      'SELECT ended_at IS NOT NULL AS ended FROM sessions WHERE user_id = $1',
      [user.id],
    );
    expect(rows.every((row) => !row.ended)).toBe(true);
    expect((await refresh(going.refresh)).statusCode).toBe(200);
    const tokens = await t.pool.query(
      'SELECT 1 FROM refresh_tokens r LEFT JOIN sessions s ON s.id = r.session_id WHERE s.id IS NULL',
    );
    expect(tokens.rows).toHaveLength(0);
  });
});
