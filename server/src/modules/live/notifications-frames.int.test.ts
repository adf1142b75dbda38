import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import {
  getAs,
  listMessages,
  sendMessage,
  startConversation,
  uploadAttachment,
} from '../../../test/messaging.ts';
import {
  authedSocket,
  closeAllSockets,
  listen,
  sync,
  type TestSocket,
} from '../../../test/sockets.ts';

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

async function pairWithSockets() {
  const alice = await buildUser(t);
  const bob = await buildUser(t);
  const conversation = await startConversation(t, alice, bob);
  const aliceSocket = await authedSocket(ws, alice.access);
  const bobSocket = await authedSocket(ws, bob.access);
  return { alice, bob, conversation, aliceSocket, bobSocket };
}

const ofType = (socket: TestSocket, type: string) => socket.frames.filter((f) => f.type === type);

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

  // A system message (a call announcement) cannot be locked: `system-messages.int.test.ts`.
  it('never carry a locked message’s text or files to the recipient', async () => {
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
