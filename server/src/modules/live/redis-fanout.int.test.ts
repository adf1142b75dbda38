import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import type { MessageBody } from '../../../test/messaging.ts';
import { buildSecondInstance, type SecondInstance } from '../../../test/second-instance.ts';
import {
  authedSocket,
  closeAllSockets,
  listen,
  sync,
  type Frame,
  type TestSocket,
} from '../../../test/sockets.ts';

/**
 * Several app instances on one database. With REDIS_URL their live events meet in Redis, so a
 * socket on one instance hears what a request to another did; without it each instance only
 * reaches its own sockets and a reconnecting client catches up from the database.
 * CI sets TEST_REDIS_URL (redis://127.0.0.1:6379); the Redis part runs only then.
 */
const redisUrl = process.env.TEST_REDIS_URL;

type Instance = Pick<TestApp, 'request'> & { ws: string };

async function startConversation(on: Instance, a: TestUser, b: TestUser): Promise<number> {
  const res = await on.request({
    method: 'POST',
    url: '/api/messaging/conversations/start_conversation/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ recipient_id: b.id }),
    token: a.access,
  });
  expect(res.statusCode).toBe(200);
  return res.json().id;
}

async function send(on: Instance, user: TestUser, conversationId: number, text: string) {
  const res = await on.request({
    method: 'POST',
    url: `/api/messaging/conversations/${conversationId}/send_message/`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ text }),
    token: user.access,
  });
  expect(res.statusCode).toBe(201);
  return res.json<MessageBody>();
}

async function read(on: Instance, user: TestUser, conversationId: number) {
  const res = await on.request({
    method: 'GET',
    url: `/api/messaging/conversations/${conversationId}/messages/`,
    token: user.access,
  });
  expect(res.statusCode).toBe(200);
  return res.json<MessageBody[]>();
}

const messageFrame = (id: number) => (f: Frame) =>
  f.type === 'message' && (f.message as { id: number }).id === id;

const count = (socket: TestSocket, predicate: (f: Frame) => boolean) =>
  socket.frames.filter(predicate).length;

describe('two instances without Redis', () => {
  let first: TestApp;
  let second: SecondInstance;
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    first = await buildTestApp();
    second = await buildSecondInstance(first);
    a = { request: first.request, ws: (await listen(first.app)).ws };
    b = { request: second.request, ws: (await listen(second.app)).ws };
  });
  afterAll(async () => {
    await closeAllSockets();
    await second?.close();
    await first?.close();
  });

  it('serve one user base: a token and a conversation of one are good on the other', async () => {
    const alice = await buildUser(first);
    const bob = await buildUser(first);
    const id = await startConversation(a, alice, bob);
    expect(await startConversation(b, bob, alice)).toBe(id);
    await send(b, bob, id, 'sent through the second instance');
    expect((await read(a, alice, id)).map((m) => m.text)).toEqual([
      'sent through the second instance',
    ]);
  });

  it('reach only their own sockets; a reconnect to either catches up from the database', async () => {
    const alice = await buildUser(first);
    const bob = await buildUser(first);
    const id = await startConversation(a, alice, bob);
    const aliceOnA = await authedSocket(a.ws, alice.access);
    const bobOnB = await authedSocket(b.ws, bob.access);

    const sent = await send(a, alice, id, 'only instance A knows live');
    await aliceOnA.waitFor(messageFrame(sent.id));
    await sync(bobOnB);
    expect(count(bobOnB, messageFrame(sent.id))).toBe(0);
    expect(count(bobOnB, (f) => f.type === 'notification')).toBe(0);
    await bobOnB.close();

    const back = await authedSocket(b.ws, bob.access, { last_notification_id: 0 });
    expect(back.frames.filter((f) => f.type === 'notification')).toEqual([
      {
        type: 'notification',
        notification: expect.objectContaining({
          message: 'only instance A knows live',
          data: expect.objectContaining({ conversation_id: id, sender_id: alice.id }),
        }),
        replay: true,
      },
    ]);
    expect(back.frames.at(-1)).toEqual({ type: 'unread_counts', messages: 1, notifications: 1 });
    await back.close();
    await aliceOnA.close();
  });
});

describe.runIf(redisUrl)('two instances sharing Redis', () => {
  let first: TestApp;
  let second: SecondInstance;
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl as string };
    first = await buildTestApp(env);
    second = await buildSecondInstance(first, env);
    a = { request: first.request, ws: (await listen(first.app)).ws };
    b = { request: second.request, ws: (await listen(second.app)).ws };
  });
  afterAll(async () => {
    await closeAllSockets();
    await second?.close();
    await first?.close();
  });

  it('deliver a message sent through A to the recipient’s socket on B, once', async () => {
    const alice = await buildUser(first);
    const bob = await buildUser(first);
    const id = await startConversation(a, alice, bob);
    const aliceOnA = await authedSocket(a.ws, alice.access);
    const bobOnB = await authedSocket(b.ws, bob.access);
    const bobSince = bobOnB.mark();

    const sent = await send(a, alice, id, 'from A to a socket on B');
    const frame = await bobOnB.waitFor(messageFrame(sent.id), { what: 'message frame on B' });
    const [bobView] = await read(b, bob, id);
    expect(frame).toEqual({ type: 'message', conversation_id: id, message: bobView });
    expect(await bobOnB.waitForType('notification', bobSince)).toMatchObject({
      notification: {
        notification_type: 'message',
        message: 'from A to a socket on B',
        data: { conversation_id: id, sender_id: alice.id, sender_username: alice.username },
      },
    });
    expect(await bobOnB.waitForType('unread_counts', bobSince)).toEqual({
      type: 'unread_counts',
      messages: 1,
      notifications: 1,
    });
    // The sender's own socket on A hears it through Redis as well.
    expect(await aliceOnA.waitFor(messageFrame(sent.id))).toMatchObject({
      message: { id: sent.id, text: 'from A to a socket on B', sender: alice.id },
    });

    // And back: a reply through B reaches alice's socket on A.
    const reply = await send(b, bob, id, 'from B to a socket on A');
    expect(await aliceOnA.waitFor(messageFrame(reply.id))).toMatchObject({
      conversation_id: id,
      message: { text: 'from B to a socket on A', sender: bob.id },
    });
    // Redis keeps one publisher's order: the reply's frame is here, so any duplicate of the
    // first message would be too.
    await bobOnB.waitFor(messageFrame(reply.id));
    expect(count(bobOnB, messageFrame(sent.id))).toBe(1);
    expect(count(aliceOnA, messageFrame(sent.id))).toBe(1);
  });

  it('carry read state and notification counts to the user’s sockets on every instance', async () => {
    const alice = await buildUser(first);
    const bob = await buildUser(first);
    const id = await startConversation(a, alice, bob);
    const bobOnA = await authedSocket(a.ws, bob.access);
    const bobOnB = await authedSocket(b.ws, bob.access);
    const sent = await send(a, alice, id, 'read me anywhere');
    await bobOnA.waitFor(messageFrame(sent.id));
    await bobOnB.waitFor(messageFrame(sent.id));

    const sinceA = bobOnA.mark();
    await read(b, bob, id);
    expect(await bobOnA.waitForType('read', sinceA)).toEqual({ type: 'read', conversation_id: id });
    // Reading the conversation also read its message notification.
    expect(await bobOnA.waitForType('unread_counts', sinceA)).toEqual({
      type: 'unread_counts',
      messages: 0,
      notifications: 0,
    });

    const since = bobOnA.mark();
    bobOnB.send({ type: 'mark_all_read' });
    expect(await bobOnA.waitForType('notifications_read', since)).toEqual({
      type: 'notifications_read',
      unread_count: 0,
    });
    const summary = await a.request({
      method: 'GET',
      url: '/api/notifications/summary/',
      token: bob.access,
    });
    expect(summary.json()).toMatchObject({ unread_count: 0, total_count: 1 });
  });
});
