import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { getAs, sendMessage, startConversation } from '../../../test/messaging.ts';
import {
  authedSocket,
  closeAllSockets,
  listen,
  notificationSocket,
  sync,
} from '../../../test/sockets.ts';
import { createAccessTokens } from '../auth/index.ts';

/**
 * /ws/notifications/: authentication by the first frame, close codes for bad clients, live
 * frames for messages, notifications, read state and unread counts, replay on reconnect.
 */
let t: TestApp;
let ws: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ ws } = await listen(t.app));
});
afterAll(async () => {
  await closeAllSockets();
  await t.close();
});

type Notice = { id: number; notification_type: string; is_read: boolean };

async function notices(user: TestUser): Promise<Notice[]> {
  return (await getAs(t, user, '/api/notifications/')).json();
}

/** A socket that has opened and sent `first` as its first frame; answers how it was closed. */
async function closedAfterFirstFrame(first: unknown, options = {}) {
  const socket = notificationSocket(ws, options);
  await socket.opened;
  socket.send(first);
  return socket.waitForClose();
}

/** The server still serves sockets and HTTP after whatever a test threw at it. */
async function stillServing() {
  const user = await buildUser(t);
  const socket = await authedSocket(ws, user.access);
  await sync(socket);
  await socket.close();
  const health = await fetch(`${ws.replace('ws:', 'http:')}/api/`);
  expect(health.status).toBe(200);
}

async function pairWithSockets() {
  const alice = await buildUser(t);
  const bob = await buildUser(t);
  const conversation = await startConversation(t, alice, bob);
  const aliceSocket = await authedSocket(ws, alice.access);
  const bobSocket = await authedSocket(ws, bob.access);
  return { alice, bob, conversation, aliceSocket, bobSocket };
}

describe('authentication', () => {
  it('greets a valid token with auth_ok and the unread counts', async () => {
    const user = await buildUser(t);
    const socket = await authedSocket(ws, user.access);
    expect(socket.frames).toEqual([
      { type: 'auth_ok', user_id: user.id, expires_at: expect.any(Number) as number },
      { type: 'unread_counts', messages: 0, notifications: 0 },
    ]);
    socket.send({ type: 'ping' });
    expect(await socket.waitForType('pong')).toEqual({ type: 'pong' });
    await socket.close();
  });

  it('greets with the unread counts the user already has', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const { id } = await startConversation(t, alice, bob);
    await sendMessage(t, alice, id, 'one');
    await sendMessage(t, alice, id, 'two');
    const socket = await authedSocket(ws, bob.access);
    expect(socket.frames.at(-1)).toEqual({ type: 'unread_counts', messages: 2, notifications: 2 });
    await socket.close();
  });

  it('takes frames that follow the auth frame at once, without waiting for auth_ok', async () => {
    const user = await buildUser(t);
    const socket = notificationSocket(ws);
    await socket.opened;
    socket.send({ type: 'auth', token: user.access });
    socket.send({ type: 'ping' });
    await socket.waitForType('pong');
    expect(socket.frames.map((f) => f.type)).toEqual(['auth_ok', 'unread_counts', 'pong']);
    expect(socket.isOpen).toBe(true);
    await socket.close();
  });

  it.each([
    ['a ping', { type: 'ping' }],
    ['mark_all_read', { type: 'mark_all_read' }],
    ['mark_read', { type: 'mark_read', notification_id: 1 }],
    ['an unknown frame', { type: 'hello' }],
    ['auth without a token', { type: 'auth' }],
    ['auth with an empty token', { type: 'auth', token: '' }],
    ['a JSON value that is not an object', [1, 2]],
  ])('closes 4401 when the first frame is %s', async (_, first) => {
    const closed = await closedAfterFirstFrame(first);
    expect(closed).toEqual({ code: 4401, reason: 'Authenticate first' });
  });

  it('closes 4401 for a token that is not valid', async () => {
    const user = await buildUser(t);
    const forged = await createAccessTokens(randomBytes(32)).issue(user.id, 1);
    for (const token of ['not-a-token', forged, `${user.access}x`]) {
      const closed = await closedAfterFirstFrame({ type: 'auth', token });
      expect(closed).toEqual({ code: 4401, reason: 'Invalid or expired token' });
    }
  });

  it('closes 4401 for the token of an account that no longer exists', async () => {
    const user = await buildUser(t);
    await t.pool.query('DELETE FROM users WHERE id = $1', [user.id]);
    const closed = await closedAfterFirstFrame({ type: 'auth', token: user.access });
    expect(closed).toEqual({ code: 4401, reason: 'Invalid or expired token' });
  });

  it('closes 4400 when the first frame is not JSON', async () => {
    const closed = await closedAfterFirstFrame('hello there');
    expect(closed).toEqual({ code: 4400, reason: 'Frames must be JSON' });
  });

  it('closes 1009 for a frame over 4096 bytes, before or after auth', async () => {
    const big = JSON.stringify({ type: 'auth', token: 'x'.repeat(5000) });
    expect(Buffer.byteLength(big)).toBeGreaterThan(4096);
    expect((await closedAfterFirstFrame(big)).code).toBe(1009);

    const user = await buildUser(t);
    const socket = await authedSocket(ws, user.access);
    socket.send({ type: 'ping', padding: 'y'.repeat(5000) });
    expect((await socket.waitForClose()).code).toBe(1009);
    // Far beyond any limit: the socket library refuses it the same way.
    expect((await closedAfterFirstFrame(Buffer.alloc(100_000, 'z'))).code).toBe(1009);
  });

  it('closes 4403 for an Origin other than this site', async () => {
    for (const origin of ['http://evil.example', 'null', 'http://zura.test.evil.example']) {
      const socket = notificationSocket(ws, { origin });
      expect(await socket.waitForClose()).toEqual({ code: 4403, reason: 'Origin not allowed' });
    }
  });

  it('accepts the public site and the host itself as Origin', async () => {
    const user = await buildUser(t);
    for (const origin of ['http://zura.test', ws.replace('ws:', 'http:')]) {
      const socket = notificationSocket(ws, { origin });
      await socket.opened;
      socket.send({ type: 'auth', token: user.access });
      await socket.waitForType('auth_ok');
      await socket.close();
    }
  });

  it('keeps serving after every kind of bad client', async () => {
    await stillServing();
  });
});

describe('after auth', () => {
  it('answers frames that are not JSON or not known with an error and stays open', async () => {
    const user = await buildUser(t);
    const socket = await authedSocket(ws, user.access);
    let since = socket.mark();
    socket.send('not json');
    expect(await socket.waitForType('error', since)).toEqual({
      type: 'error',
      detail: 'Frames must be JSON.',
    });
    for (const frame of [
      { type: 'hello' },
      { type: 'mark_read' },
      { type: 'mark_read', notification_id: 'one' },
      { type: 'mark_read', notification_id: -1 },
      null,
    ]) {
      since = socket.mark();
      socket.send(frame);
      expect(await socket.waitForType('error', since)).toEqual({
        type: 'error',
        detail: 'Unknown or malformed frame.',
      });
    }
    await sync(socket);
    expect(socket.isOpen).toBe(true);
    await socket.close();
  });

  it('answers mark_read of a notification that is not the user’s with an error', async () => {
    const { alice, bob, conversation, aliceSocket } = await pairWithSockets();
    await sendMessage(t, alice, conversation.id, 'for bob');
    const [bobs] = await notices(bob);
    const since = aliceSocket.mark();
    aliceSocket.send({ type: 'mark_read', notification_id: bobs!.id });
    expect(await aliceSocket.waitForType('error', since)).toEqual({
      type: 'error',
      detail: 'Notification not found.',
    });
    expect((await notices(bob))[0]?.is_read).toBe(false);
  });
});
