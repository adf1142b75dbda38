import { CALL_OVER, CALL_RING_SECONDS } from '@zura/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import {
  listMessages,
  postAs,
  roomOf,
  sendMessage,
  startConversation,
} from '../../../test/messaging.ts';
import { startPushEndpoint } from '../../../test/push-endpoint.ts';
import { subscribeDevice } from '../../../test/push.ts';
import { authedSocket, closeAllSockets, listen, type Frame } from '../../../test/sockets.ts';

/**
 * Issue 32: a call announcement starts a call the server keeps (ringing, answered, ended,
 * missed); both sides hear each change, the chat shows it, and a call that is over cannot be
 * joined. A callee with no tab open gets a push naming the caller.
 */
let t: TestApp;
let ws: string;
let pushService: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  t = await buildTestApp({ PUSH_LOOPBACK_HTTP: 'true' });
  ws = (await listen(t.app)).ws;
  pushService = await startPushEndpoint();
});
afterAll(async () => {
  await closeAllSockets();
  await t.close();
  await pushService.close();
});

type Call = {
  id: number;
  message_id: number;
  room_id: string;
  caller_id: number;
  caller_username: string;
  callee_id: number;
  state: string;
  answered_at: string | null;
  ended_at: string | null;
  duration_seconds: number | null;
};

/** Alice calls bob in their conversation: the announcement and its call. */
async function ring(alice: TestUser, bob: TestUser) {
  const conversation = await startConversation(t, alice, bob);
  const message = await sendMessage(t, alice, conversation.id, {
    text: 'calling',
    is_system: true,
    roomId: roomOf(alice, bob),
  });
  const call = (message as unknown as { call: Call }).call;
  return { conversation, message, call };
}

const act = (user: TestUser | undefined, callId: number | string, action: string) =>
  postAs(t, user, `/api/calls/${callId}/${action}/`);

async function chatCall(user: TestUser, conversationId: number, messageId: number) {
  const page = await listMessages(t, user, conversationId);
  return (page.find((message) => message.id === messageId) as unknown as { call: Call }).call;
}

describe('a call announcement', () => {
  it('rings: the message carries the ringing call and the callee hears a call frame', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const socket = await authedSocket(ws, bob.access);
    const since = socket.mark();
    const { call, message } = await ring(alice, bob);
    expect(call).toMatchObject({
      message_id: message.id,
      room_id: roomOf(alice, bob),
      caller_id: alice.id,
      caller_username: alice.username,
      callee_id: bob.id,
      state: 'ringing',
      duration_seconds: null,
    });
    const frame = await socket.waitFor((f: Frame) => f.type === 'call', { since });
    expect(frame.call).toMatchObject({ id: call.id, state: 'ringing' });
  });

  it('is listed to the callee as ringing until it is answered (GET /api/calls/ringing/)', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    expect((await t.request({ method: 'GET', url: '/api/calls/ringing/' })).statusCode).toBe(401);
    const { call } = await ring(alice, bob);
    const listed = await t.request({
      method: 'GET',
      url: '/api/calls/ringing/',
      token: bob.access,
    });
    expect(listed.json<Call[]>().map((item) => item.id)).toEqual([call.id]);
    // Not the caller's to answer; and once answered it rings no more.
    const own = await t.request({ method: 'GET', url: '/api/calls/ringing/', token: alice.access });
    expect(own.json()).toEqual([]);
    await act(bob, call.id, 'answer');
    const after = await t.request({ method: 'GET', url: '/api/calls/ringing/', token: bob.access });
    expect(after.json()).toEqual([]);
  });

  it('is pushed as "Incoming call from @caller" to a callee with no tab open', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const device = pushService.device();
    await subscribeDevice(t, bob, device);
    const { conversation } = await ring(alice, bob);
    const pushed = (await device.waitForPush()) as { title: string };
    expect(pushed).toMatchObject({ url: '/messages', tag: `call-${conversation.id}` });
    expect(pushed.title).toBe(`Incoming call from @${alice.username}`);
  });
});

describe('answering and hanging up', () => {
  it('answers, tells both sides, and ends with its length; the chat shows it ended', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const { call, conversation, message } = await ring(alice, bob);
    const aliceSocket = await authedSocket(ws, alice.access);
    const since = aliceSocket.mark();

    const answered = await act(bob, call.id, 'answer');
    expect(answered.statusCode).toBe(200);
    expect(answered.json<Call>()).toMatchObject({ state: 'answered' });
    const heard = await aliceSocket.waitFor(
      (f: Frame) => f.type === 'call' && (f.call as Call).state === 'answered',
      { since },
    );
    expect((heard.call as Call).id).toBe(call.id);
    // Answered on one tab: a second answer (another tab) is refused.
    expect((await act(bob, call.id, 'answer')).json()).toMatchObject({
      detail: 'This call was answered already.',
    });

    // Three minutes and twelve seconds of talk.
    await t.db.execute(
      sql`update calls set answered_at = now() - interval '192 seconds' where id = ${call.id}`,
    );
    const ended = await act(alice, call.id, 'end');
    expect(ended.statusCode).toBe(200);
    const summary = ended.json<Call>();
    expect(summary.state).toBe('ended');
    // 192 s and the moments the requests took (a slow machine may take a second or two).
    expect(summary.duration_seconds).toBeGreaterThanOrEqual(192);
    expect(summary.duration_seconds).toBeLessThan(197);
    expect(await chatCall(bob, conversation.id, message.id)).toMatchObject({
      state: 'ended',
      duration_seconds: summary.duration_seconds,
    });
    // Hanging up again (the other side too) answers the call as it is.
    expect((await act(bob, call.id, 'end')).json<Call>()).toMatchObject({ state: 'ended' });
  });

  it('refuses to join a call that has ended: the ticket naming it answers 409', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const { call } = await ring(alice, bob);
    const live = await postAs(t, bob, '/api/calls/ticket/', {
      room_id: call.room_id,
      call_id: call.id,
    });
    expect(live.statusCode).toBe(200);
    await act(alice, call.id, 'end');
    const late = await postAs(t, bob, '/api/calls/ticket/', {
      room_id: call.room_id,
      call_id: call.id,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ detail: CALL_OVER });
    expect((await act(bob, call.id, 'answer')).json()).toMatchObject({ detail: CALL_OVER });
  });

  it('is missed when the callee declines, and the caller hears it', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const { call, conversation, message } = await ring(alice, bob);
    const aliceSocket = await authedSocket(ws, alice.access);
    const since = aliceSocket.mark();
    // The caller cannot decline their own call.
    const own = await act(alice, call.id, 'decline');
    expect(own.statusCode).toBe(400);
    const declined = await act(bob, call.id, 'decline');
    expect(declined.json<Call>()).toMatchObject({ state: 'missed', duration_seconds: null });
    await aliceSocket.waitFor(
      (f: Frame) => f.type === 'call' && (f.call as Call).state === 'missed',
      { since },
    );
    expect(await chatCall(alice, conversation.id, message.id)).toMatchObject({ state: 'missed' });
  });

  it('is missed once it has rung for the ring time unanswered', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const { call, conversation, message } = await ring(alice, bob);
    await t.db.execute(
      sql`update calls set created_at = now() - make_interval(secs => ${CALL_RING_SECONDS + 1})
          where id = ${call.id}`,
    );
    expect(await chatCall(bob, conversation.id, message.id)).toMatchObject({ state: 'missed' });
    expect((await act(bob, call.id, 'answer')).statusCode).toBe(409);
    const ticket = await postAs(t, bob, '/api/calls/ticket/', {
      room_id: call.room_id,
      call_id: call.id,
    });
    expect(ticket.statusCode).toBe(409);
  });

  it('ends the previous call of the room when a new one is announced', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const first = await ring(alice, bob);
    await sendMessage(t, alice, first.conversation.id, {
      text: 'again',
      is_system: true,
      roomId: roomOf(alice, bob),
    });
    expect(await chatCall(bob, first.conversation.id, first.message.id)).toMatchObject({
      state: 'missed',
    });
  });
});

describe('who may act on a call', () => {
  it('wants a signed-in caller before it reads the id', async () => {
    expect((await act(undefined, 'nope', 'answer')).statusCode).toBe(401);
  });

  it('refuses a malformed id with 400 and hides the call of others with 404', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const mallory = await buildUser(t);
    const { call } = await ring(alice, bob);
    const bad = await act(mallory, '1e3', 'answer');
    expect(bad.statusCode).toBe(400);
    for (const action of ['answer', 'decline', 'end']) {
      const res = await act(mallory, call.id, action);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Call not found.' });
    }
    const foreign = await postAs(t, mallory, '/api/calls/ticket/', {
      room_id: roomOf(alice, mallory),
      call_id: call.id,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
