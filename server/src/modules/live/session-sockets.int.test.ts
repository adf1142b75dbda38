import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { login, postJson, resetPasswordByLink, type TokenPairBody } from '../../../test/auth.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { sendMessage, startConversation } from '../../../test/messaging.ts';
import { buildSecondInstance, type SecondInstance } from '../../../test/second-instance.ts';
import { authedSocket, closeAllSockets, listen, sync } from '../../../test/sockets.ts';
import { hashToken } from '../../lib/tokens.ts';

/**
 * A live socket lives no longer than its session and its access token: the moment the session
 * ends (logout, a copied refresh token, a password reset, account deletion), on whichever
 * instance, every socket of it closes with 4401; a token that runs out closes its socket unless
 * the client renewed it on the socket.
 */
let t: TestApp;
let second: SecondInstance;
let ws: string;
let wsSecond: string;
beforeAll(async () => {
  t = await buildTestApp();
  second = await buildSecondInstance(t);
  ({ ws } = await listen(t.app));
  ({ ws: wsSecond } = await listen(second.app));
});
afterAll(async () => {
  await closeAllSockets();
  await second.close();
  await t.close();
});

const SESSION_ENDED = { code: 4401, reason: 'Session ended' };

/** A signed-in user with a socket on each instance, and another user they talk to. */
async function signedInWithSockets(user: TestUser) {
  const pair = await login(t, user.email, user.password);
  const here = await authedSocket(ws, pair.access);
  const there = await authedSocket(wsSecond, pair.access);
  return { pair, here, there };
}

/** An access token of the user's session that runs out `seconds` from now. */
async function tokenRunningOutIn(userId: number, sessionId: number, seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.now() - (3600 - seconds) * 1000);
    return await t.accessTokens.issue(userId, sessionId);
  } finally {
    vi.useRealTimers();
  }
}

async function sessionOf(pair: TokenPairBody): Promise<number> {
  const { rows } = await t.pool.query<{ session_id: string }>(
    'SELECT session_id FROM refresh_tokens WHERE token_hash = $1',
    [hashToken(pair.refresh)],
  );
  return Number(rows[0]?.session_id);
}

describe('a socket ends with its session', () => {
  it('logout closes that session’s sockets on both instances, and no other socket', async () => {
    const user = await buildUser(t);
    const friend = await buildUser(t);
    const conversation = await startConversation(t, friend, user);
    const laptop = await signedInWithSockets(user);
    const phone = await authedSocket(ws, user.access);

    await postJson(t, '/api/auth/logout/', { refresh: laptop.pair.refresh });

    expect(await laptop.here.waitForClose()).toEqual(SESSION_ENDED);
    expect(await laptop.there.waitForClose()).toEqual(SESSION_ENDED);
    const since = phone.mark();
    await sendMessage(t, friend, conversation.id, 'only for the phone');
    await phone.waitFor((frame) => JSON.stringify(frame).includes('only for the phone'), {
      since,
    });
    expect(laptop.here.texts.join()).not.toContain('only for the phone');
    expect(laptop.there.texts.join()).not.toContain('only for the phone');
    await phone.close();
  });

  it('a late reuse of a rotated refresh token closes the session’s sockets', async () => {
    const user = await buildUser(t);
    const { pair, here, there } = await signedInWithSockets(user);
    const rotated = await postJson(t, '/api/auth/token/refresh/', { refresh: pair.refresh });
    expect(rotated.statusCode).toBe(200);
    await t.pool.query(
      `UPDATE refresh_tokens SET rotated_at = now() - interval '1 minute'
       WHERE user_id = $1 AND rotated_at IS NOT NULL`,
      [user.id],
    );
    await postJson(t, '/api/auth/token/refresh/', { refresh: pair.refresh });
    expect(await here.waitForClose()).toEqual(SESSION_ENDED);
    expect(await there.waitForClose()).toEqual(SESSION_ENDED);
  });

  it('deleting the account closes its sockets on both instances', async () => {
    const user = await buildUser(t);
    const { pair, here, there } = await signedInWithSockets(user);
    const res = await postJson(
      t,
      '/api/auth/account/delete/',
      { password: user.password },
      { token: pair.access },
    );
    expect(res.statusCode).toBe(200);
    expect(await here.waitForClose()).toEqual(SESSION_ENDED);
    expect(await there.waitForClose()).toEqual(SESSION_ENDED);
  });

  it('a session ended with SQL closes its sockets once the database’s notice arrives', async () => {
    const user = await buildUser(t);
    const { pair, here, there } = await signedInWithSockets(user);
    await t.pool.query(
      `UPDATE sessions SET ended_at = now(), end_reason = 'revoked' WHERE id = $1`,
      [await sessionOf(pair)],
    );
    expect(await here.waitForClose()).toEqual(SESSION_ENDED);
    expect(await there.waitForClose()).toEqual(SESSION_ENDED);
  });

  it('sockets whose session ended while notices were not heard close when they are heard again', async () => {
    const user = await buildUser(t);
    const { pair, here } = await signedInWithSockets(user);
    // As if the notice had been lost: end the session, then tell the instance it missed notices.
    await t.pool.query(
      `ALTER TABLE sessions DISABLE TRIGGER sessions_ended;
       UPDATE sessions SET ended_at = now(), end_reason = 'revoked' WHERE id = ${await sessionOf(pair)};
       ALTER TABLE sessions ENABLE TRIGGER sessions_ended;`,
    );
    await sync(here);
    expect(here.isOpen).toBe(true);
    t.services.changes.announce({ kind: 'reset' });
    expect(await here.waitForClose()).toEqual(SESSION_ENDED);
  });
});

describe('taking an account back', () => {
  it('someone who signed up with another person’s address loses their sockets when the owner resets the password', async () => {
    const owner = `owner_${Date.now()}@example.com`;
    const squatter = { username: `squat_${Date.now()}`, password: 'the squatter password' };
    const signup = await postJson(t, '/api/auth/signup/', {
      username: squatter.username,
      email: owner,
      password: squatter.password,
      password_confirm: squatter.password,
    });
    expect(signup.statusCode).toBe(201);
    const { rows } = await t.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      owner,
    ]);
    const id = Number(rows[0]?.id);
    const squatterPair = await login(t, owner, squatter.password);
    const squatterSocket = await authedSocket(ws, squatterPair.access);
    const squatterElsewhere = await authedSocket(wsSecond, squatterPair.access);

    // The real owner of the address takes the account back by resetting the password.
    expect((await resetPasswordByLink(t, id)).statusCode).toBe(200);

    expect(await squatterSocket.waitForClose()).toEqual(SESSION_ENDED);
    expect(await squatterElsewhere.waitForClose()).toEqual(SESSION_ENDED);
    const refreshed = await postJson(t, '/api/auth/token/refresh/', {
      refresh: squatterPair.refresh,
    });
    expect(refreshed.statusCode).toBe(401);

    // What is sent to the account from now on reaches only the owner.
    const ownerPair = await login(t, owner, 'a brand new password');
    const ownerSocket = await authedSocket(ws, ownerPair.access);
    const friend = await buildUser(t);
    const conversation = await startConversation(t, friend, { id });
    await sendMessage(t, friend, conversation.id, 'for the real owner');
    await ownerSocket.waitFor((frame) => JSON.stringify(frame).includes('for the real owner'));
    expect(squatterSocket.texts.join()).not.toContain('for the real owner');
    await ownerSocket.close();
  });
});

describe('a socket ends with its access token', () => {
  async function socketOnShortToken(user: TestUser, seconds: number) {
    const pair = await login(t, user.email, user.password);
    const sessionId = await sessionOf(pair);
    const short = await tokenRunningOutIn(user.id, sessionId, seconds);
    return { socket: await authedSocket(ws, short), sessionId };
  }

  it('closes a socket whose token runs out, and tells the client when it will in auth_ok', async () => {
    const user = await buildUser(t);
    const { socket } = await socketOnShortToken(user, 2);
    const greeting = socket.frames[0];
    expect(greeting).toMatchObject({ type: 'auth_ok', user_id: user.id });
    expect(Number(greeting?.expires_at)).toBeLessThanOrEqual(Date.now() + 2_000);
    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: 'Token expired' });
  });

  it('keeps a socket open past the old expiry when the client renews its token on it', async () => {
    const user = await buildUser(t);
    const { socket, sessionId } = await socketOnShortToken(user, 2);
    const since = socket.mark();
    socket.send({ type: 'auth', token: await t.accessTokens.issue(user.id, sessionId) });
    const renewed = await socket.waitForType('auth_ok', since);
    expect(Number(renewed.expires_at)).toBeGreaterThan(Date.now() + 3_500_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await sync(socket);
    expect(socket.isOpen).toBe(true);
    await socket.close();
  });

  it('closes a socket renewed with another user’s token', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    const socket = await authedSocket(ws, user.access);
    socket.send({ type: 'auth', token: other.access });
    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: 'Invalid or expired token' });
  });
});
