import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import {
  getAs,
  listMessages,
  postAs,
  roomOf,
  sendMessage,
  startConversation,
  uploadAttachment,
} from '../../../test/messaging.ts';
import {
  authedSocket,
  closeAllSockets,
  listen,
  notificationSocket,
  sync,
  type Frame,
  type TestSocket,
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

async function summary(user: TestUser) {
  return (await getAs(t, user, '/api/notifications/summary/')).json();
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

const ofType = (socket: TestSocket, type: string) => socket.frames.filter((f) => f.type === type);

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

describe('live frames', () => {
  it('push a new message to both sides, and the notification and counts to the recipient', async () => {
    const { alice, bob, conversation, aliceSocket, bobSocket } = await pairWithSockets();
    const aliceSince = aliceSocket.mark();
    const bobSince = bobSocket.mark();
    const sent = await sendMessage(t, alice, conversation.id, 'hello over the wire');

    // Read before Bob opens the conversation, which marks its message notifications read.
    const [note] = await notices(bob);
    const [bobView] = await listMessages(t, bob, conversation.id);
    const frame = await bobSocket.waitFor((f) => f.type === 'message', { since: bobSince });
    expect(frame).toEqual({ type: 'message', conversation_id: conversation.id, message: bobView });
    expect(await bobSocket.waitForType('notification', bobSince)).toEqual({
      type: 'notification',
      notification: note,
    });
    expect(note).toMatchObject({
      notification_type: 'message',
      data: {
        conversation_id: conversation.id,
        sender_id: alice.id,
        sender_username: alice.username,
        has_media: false,
      },
    });
    expect(await bobSocket.waitForType('unread_counts', bobSince)).toEqual({
      type: 'unread_counts',
      messages: 1,
      notifications: 1,
    });

    expect(await aliceSocket.waitForType('message', aliceSince)).toEqual({
      type: 'message',
      conversation_id: conversation.id,
      message: sent,
    });
    // The sender is not notified of their own message.
    await sync(aliceSocket);
    expect(aliceSocket.frames.slice(aliceSince).map((f) => f.type)).toEqual(['message', 'pong']);
  });

  it('push badges that count every unread message and notification, across conversations', async () => {
    const { alice, bob, conversation, bobSocket } = await pairWithSockets();
    const carol = await buildUser(t);
    const other = await startConversation(t, carol, bob);
    const badgesAfter = async (send: () => Promise<unknown>) => {
      const since = bobSocket.frames.length;
      await send();
      return bobSocket.waitForType('unread_counts', since);
    };
    for (const expected of [1, 2, 3]) {
      expect(
        await badgesAfter(() => sendMessage(t, alice, conversation.id, `#${expected}`)),
      ).toEqual({ type: 'unread_counts', messages: expected, notifications: expected });
    }
    expect(await badgesAfter(() => sendMessage(t, carol, other.id, 'from carol'))).toEqual({
      type: 'unread_counts',
      messages: 4,
      notifications: 4,
    });
    // Reading one conversation takes its messages and their notifications off both badges.
    await listMessages(t, bob, conversation.id);
    // The read's own badges frame first: frames reach a socket in order, before the pong.
    await sync(bobSocket);
    expect(await badgesAfter(() => sendMessage(t, carol, other.id, 'again'))).toEqual({
      type: 'unread_counts',
      messages: 2,
      notifications: 2,
    });
  });

  it('reach every open socket of the recipient', async () => {
    const { alice, bob, conversation, bobSocket } = await pairWithSockets();
    const second = await authedSocket(ws, bob.access);
    const sent = await sendMessage(t, alice, conversation.id, 'to both tabs');
    for (const socket of [bobSocket, second]) {
      const frame = await socket.waitFor(
        (f) => f.type === 'message' && (f.message as { id: number }).id === sent.id,
      );
      expect(frame.conversation_id).toBe(conversation.id);
    }
    await second.close();
  });

  it('tell the reader’s sockets that a conversation was read, with the new counts', async () => {
    const { alice, bob, conversation, aliceSocket, bobSocket } = await pairWithSockets();
    await sendMessage(t, alice, conversation.id, 'read me');
    await bobSocket.waitForType('unread_counts', 2);
    const bobSince = bobSocket.mark();
    const aliceSince = aliceSocket.mark();
    await listMessages(t, bob, conversation.id);
    expect(await bobSocket.waitForType('read', bobSince)).toEqual({
      type: 'read',
      conversation_id: conversation.id,
    });
    expect(await bobSocket.waitForType('unread_counts', bobSince)).toEqual({
      type: 'unread_counts',
      messages: 0,
      notifications: 0,
    });
    // Reading the conversation also read its message notification.
    expect(await bobSocket.waitForType('notifications_read', bobSince)).toEqual({
      type: 'notifications_read',
      unread_count: 0,
    });
    await sync(aliceSocket);
    expect(ofType(aliceSocket, 'read')).toEqual([]);
    expect(aliceSocket.frames.slice(aliceSince).map((f) => f.type)).toEqual(['pong']);
    // Reading again changes nothing, so nothing is pushed.
    const again = bobSocket.mark();
    await listMessages(t, bob, conversation.id);
    await sync(bobSocket);
    expect(bobSocket.frames.slice(again).map((f) => f.type)).toEqual(['pong']);
  });

  // A system message (a call announcement) can be locked too, and is redacted the same way.
  it.each([
    ['message', () => ({})],
    [
      'system message',
      (creator: TestUser, fan: TestUser) => ({ is_system: true, roomId: roomOf(creator, fan) }),
    ],
  ])('never carry a locked %s’s text or files to the recipient', async (_, kind) => {
    const creator = await buildUser(t, { isCreator: true });
    const fan = await buildUser(t);
    const conversation = await startConversation(t, fan, creator);
    const creatorSocket = await authedSocket(ws, creator.access);
    const fanSocket = await authedSocket(ws, fan.access);
    const upload = await uploadAttachment(t, creator);
    const secret = `locked words ${randomBytes(6).toString('hex')}`;
    const fanSince = fanSocket.texts.length;
    const sent = await sendMessage(t, creator, conversation.id, {
      text: secret,
      is_locked: true,
      price: '9.99',
      uploaded_file_uuids: [upload],
      ...kind(creator, fan),
    });

    const frame = await fanSocket.waitForType('message');
    expect(frame).toEqual({
      type: 'message',
      conversation_id: conversation.id,
      message: expect.objectContaining({
        id: sent.id,
        text: '',
        attachments: [],
        has_media: true,
        is_locked: true,
        is_unlocked: false,
        price: 9.99,
      }),
    });
    const notice = await fanSocket.waitForType('notification');
    expect(notice.notification).toMatchObject({ message: 'Locked message · $9.99' });
    await sync(fanSocket);
    const everything = fanSocket.texts.slice(fanSince).join('\n');
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(upload);
    expect(everything).not.toContain('/media/');
    // Nor do the stored notification, the conversation preview, or a replay on reconnect.
    const stored = await getAs(t, fan, '/api/notifications/');
    const previews = await getAs(t, fan, '/api/messaging/conversations/');
    const replayed = await authedSocket(ws, fan.access, { last_notification_id: 0 });
    expect(replayed.frames).toContainEqual(
      expect.objectContaining({ type: 'notification', replay: true }),
    );
    for (const body of [stored.body, previews.body, replayed.texts.join('\n')]) {
      expect(body).not.toContain(secret);
    }

    // The creator's own frame does carry them: the check above would see a leak.
    const own = await creatorSocket.waitForType('message');
    expect(own.message).toMatchObject({ text: secret, attachments: [{ id: upload }] });
    expect(creatorSocket.texts.join('\n')).toContain(secret);
  });

  it('push a notification row written with the message, identical to the one stored', async () => {
    const { alice, bob, conversation, bobSocket } = await pairWithSockets();
    const image = await uploadAttachment(t, alice);
    await sendMessage(t, alice, conversation.id, { uploaded_file_uuids: [image] });
    const frame = await bobSocket.waitForType('notification');
    const stored = await notices(bob);
    expect(stored).toHaveLength(1);
    expect(frame.notification).toEqual(stored[0]);
    expect(frame.notification).toMatchObject({
      message: 'Sent an attachment',
      data: { conversation_id: conversation.id, sender_id: alice.id, has_media: true },
    });
    expect(frame).not.toHaveProperty('replay');
  });
});

describe('replay on reconnect', () => {
  it('sends what was missed after last_notification_id, oldest first, before the counts', async () => {
    const { alice, bob, conversation, bobSocket } = await pairWithSockets();
    await sendMessage(t, alice, conversation.id, 'seen live');
    const live = await bobSocket.waitForType('notification');
    const lastSeen = (live.notification as Notice).id;
    await bobSocket.close();

    await sendMessage(t, alice, conversation.id, 'missed one');
    await sendMessage(t, alice, conversation.id, 'missed two');
    const stored = await notices(bob);
    const back = await authedSocket(ws, bob.access, { last_notification_id: lastSeen });
    const replayed = back.frames.filter((f) => f.type === 'notification');
    expect(replayed).toEqual([
      { type: 'notification', notification: stored[1], replay: true },
      { type: 'notification', notification: stored[0], replay: true },
    ]);
    expect(replayed.map((f) => (f.notification as { message: string }).message)).toEqual([
      'missed one',
      'missed two',
    ]);
    expect(back.frames.map((f) => f.type)).toEqual([
      'auth_ok',
      'notification',
      'notification',
      'unread_counts',
    ]);
    expect(back.frames.at(-1)).toEqual({ type: 'unread_counts', messages: 3, notifications: 3 });
    await back.close();

    // Up to date: nothing to replay. Without last_notification_id: no replay either.
    const newest = stored[0]!.id;
    for (const extra of [{ last_notification_id: newest }, {}]) {
      const socket = await authedSocket(ws, bob.access, extra);
      expect(socket.frames.map((f: Frame) => f.type)).toEqual(['auth_ok', 'unread_counts']);
      await socket.close();
    }
  });

  it('refuses a last_notification_id that is not a count with 4401', async () => {
    const user = await buildUser(t);
    const closed = await closedAfterFirstFrame({
      type: 'auth',
      token: user.access,
      last_notification_id: 'latest',
    });
    expect(closed.code).toBe(4401);
  });
});

describe('mark_read and mark_all_read over the socket', () => {
  it('change the summary, and tell the user’s other sockets the new unread count', async () => {
    const { alice, bob, conversation, bobSocket } = await pairWithSockets();
    for (const text of ['first', 'second', 'third']) {
      await sendMessage(t, alice, conversation.id, text);
    }
    const otherTab = await authedSocket(ws, bob.access);
    const [newest, middle] = await notices(bob);
    expect((await summary(bob)).unread_count).toBe(3);

    let since = otherTab.mark();
    bobSocket.send({ type: 'mark_read', notification_id: middle!.id });
    expect(await otherTab.waitForType('notifications_read', since)).toEqual({
      type: 'notifications_read',
      unread_count: 2,
    });
    expect(await summary(bob)).toMatchObject({
      unread_count: 2,
      unread_by_type: expect.objectContaining({ message: 2 }),
    });
    const read = (await notices(bob)).find((n) => n.id === middle!.id);
    expect(read).toMatchObject({ is_read: true });
    expect((await notices(bob)).find((n) => n.id === newest!.id)?.is_read).toBe(false);

    since = otherTab.mark();
    const bobSince = bobSocket.mark();
    bobSocket.send({ type: 'mark_all_read' });
    expect(await otherTab.waitForType('notifications_read', since)).toEqual({
      type: 'notifications_read',
      unread_count: 0,
    });
    expect(await bobSocket.waitForType('notifications_read', bobSince)).toEqual({
      type: 'notifications_read',
      unread_count: 0,
    });
    expect(await summary(bob)).toMatchObject({ total_count: 3, unread_count: 0 });
    expect((await notices(bob)).every((n) => n.is_read)).toBe(true);
    await otherTab.close();
  });

  it('mark_all_read over HTTP reaches the sockets too', async () => {
    const { alice, bob, conversation, bobSocket } = await pairWithSockets();
    await sendMessage(t, alice, conversation.id, 'to be read');
    const since = bobSocket.mark();
    const res = await postAs(t, bob, '/api/notifications/mark_all_read/');
    expect(res.statusCode).toBe(200);
    expect(await bobSocket.waitForType('notifications_read', since)).toEqual({
      type: 'notifications_read',
      unread_count: 0,
    });
  });
});
