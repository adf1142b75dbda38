import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { getAs, postAs, sendMessage, startConversation } from '../../../test/messaging.ts';
import {
  authedSocket,
  closeAllSockets,
  listen,
  notificationSocket,
  type Frame,
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

async function pairWithSockets() {
  const alice = await buildUser(t);
  const bob = await buildUser(t);
  const conversation = await startConversation(t, alice, bob);
  const aliceSocket = await authedSocket(ws, alice.access);
  const bobSocket = await authedSocket(ws, bob.access);
  return { alice, bob, conversation, aliceSocket, bobSocket };
}

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
