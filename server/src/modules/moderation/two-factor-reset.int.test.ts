import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@zura/contracts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { login, postJson, type TokenPairBody } from '../../../test/auth.ts';
import { makeAdmin } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { authedSocket, closeAllSockets, listen } from '../../../test/sockets.ts';

/**
 * An admin turns off the two-factor sign-in of an owner who lost the app and the codes (or of an
 * account someone else put a second factor on): the secret and recovery codes go, every session
 * of the account ends, and the audit log keeps who did it and why.
 */
let t: TestApp;
let ws: string;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  ws = (await listen(t.app)).ws;
  admin = await buildUser(t);
  await makeAdmin(t, admin);
});
afterAll(async () => {
  await closeAllSockets();
  await t.close();
});

const reset = (id: number | string, body: unknown, token = admin.access) =>
  postJson(t, `/api/admin/users/${id}/2fa/reset/`, body, { token });
const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() });

/** A verified user with two-factor on. */
async function withTwoFactor(): Promise<TestUser> {
  const user = await buildUser(t);
  await t.pool.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [user.id]);
  const setup = await postJson(
    t,
    '/api/auth/2fa/setup/',
    { password: user.password },
    { token: user.access },
  );
  const { secret } = setup.json<{ secret: string }>();
  const on = await postJson(
    t,
    '/api/auth/2fa/enable/',
    { code: codeOf(secret) },
    { token: user.access },
  );
  expect(on.statusCode).toBe(200);
  return user;
}

describe('an admin resetting a user’s two-factor sign-in', () => {
  it('removes the second factor, ends every session of the account, and is audited', async () => {
    const user = await withTwoFactor();
    const search = await t.request({
      method: 'GET',
      url: `/api/admin/users/?q=${user.username}`,
      token: admin.access,
    });
    expect(search.json()).toMatchObject({
      results: [{ id: user.id, two_factor_enabled: true }],
    });
    const socket = await authedSocket(ws, user.access);

    const res = await reset(user.id, { reason: 'Lost phone; identity checked by a video call.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.twoFactorResetDone });

    expect((await socket.waitForClose()).code).toBe(4401);
    const me = await t.request({ method: 'GET', url: '/api/auth/profile/', token: user.access });
    expect(me.statusCode).toBe(401);
    const { rows } = await t.pool.query(
      `SELECT (SELECT count(*) FROM two_factor WHERE user_id = $1)::int AS secrets,
              (SELECT count(*) FROM recovery_codes WHERE user_id = $1)::int AS codes,
              (SELECT array_agg(DISTINCT end_reason) FROM sessions WHERE user_id = $1) AS reasons`,
      [user.id],
    );
    expect(rows[0]).toEqual({ secrets: 0, codes: 0, reasons: ['two_factor_reset'] });

    // The password alone signs in again.
    const pair: TokenPairBody = await login(t, user.email, user.password);
    expect(pair.access).toEqual(expect.any(String));

    const audit = await t.request({
      method: 'GET',
      url: '/api/admin/audit-log/',
      token: admin.access,
    });
    expect(audit.json<{ results: unknown[] }>().results[0]).toMatchObject({
      action: 'two_factor_reset',
      actor: { id: admin.id, username: admin.username },
      target_type: 'user',
      target_id: user.id,
      reason: 'Lost phone; identity checked by a video call.',
      details: { username: user.username },
    });
  });

  it('refuses what makes no sense, naming why', async () => {
    const without = await buildUser(t);
    const notOn = await reset(without.id, { reason: 'Asked by mail.' });
    expect(notOn.statusCode).toBe(400);
    expect(notOn.json()).toMatchObject({ error: messages.twoFactorNotOnForUser });

    const user = await withTwoFactor();
    const noReason = await reset(user.id, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain(messages.twoFactorResetReasonRequired);
    expect((await reset(user.id, {})).statusCode).toBe(400);

    expect((await reset(999_999_999, { reason: 'x' })).statusCode).toBe(404);
    expect((await reset('abc', { reason: 'x' })).statusCode).toBe(400);

    const self = await reset(admin.id, { reason: 'Mine.' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: messages.twoFactorResetSelf });

    // Nothing of that touched the user's second factor.
    const { rows } = await t.pool.query(
      'SELECT enabled_at FROM two_factor WHERE user_id = $1 AND enabled_at IS NOT NULL',
      [user.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('is for admins only: others get 404, and no token 401, whatever they send', async () => {
    const user = await withTwoFactor();
    const other = await buildUser(t);
    expect((await reset(user.id, { reason: 'x' }, other.access)).statusCode).toBe(404);
    expect((await reset(user.id, 'not json at all', other.access)).statusCode).toBe(404);
    const anonymous = await t.request({
      method: 'POST',
      url: `/api/admin/users/${user.id}/2fa/reset/`,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
