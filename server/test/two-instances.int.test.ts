import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_POLICIES } from '../src/lib/rate-limits.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { newClientAddress, type TokenPairBody } from './auth.ts';
import { buildUser, type TestUser } from './factories.ts';
import { roomOf, type MessageBody } from './messaging.ts';
import { buildSecondInstance, type SecondInstance } from './second-instance.ts';
import { authedSocket, closeAllSockets, listen, TestSocket, type Frame } from './sockets.ts';

/**
 * Two instances of the platform on one PostgreSQL database and one Redis, each listening on a
 * port of its own, as two replicas behind a load balancer run: what a user does through one
 * reaches a user connected to the other, live, and one instance going down leaves the other
 * serving. CI sets TEST_REDIS_URL (redis://127.0.0.1:6379); without Redis the instances share
 * only the database (`modules/live/redis-fanout.int.test.ts` covers that case).
 */
const redisUrl = process.env.TEST_REDIS_URL;

type Instance = {
  request: TestApp['request'];
  ws: string;
  http: string;
};

type Ticket = { peer_id: string; token: string };

function post(on: Instance, url: string, body: unknown, token?: string, remoteAddress?: string) {
  return on.request({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...(token ? { token } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function startConversation(on: Instance, a: TestUser, b: TestUser): Promise<number> {
  const res = await post(
    on,
    '/api/messaging/conversations/start_conversation/',
    { recipient_id: b.id },
    a.access,
  );
  expect(res.statusCode).toBe(200);
  return res.json<{ id: number }>().id;
}

async function send(on: Instance, user: TestUser, conversationId: number, text: string) {
  const url = `/api/messaging/conversations/${conversationId}/send_message/`;
  const res = await post(on, url, { text }, user.access);
  expect(res.statusCode).toBe(201);
  return res.json<MessageBody>();
}

async function signIn(on: Instance, user: TestUser, password = user.password) {
  return post(on, '/api/auth/token/', { email: user.email, password }, undefined, newAddress());
}

const newAddress = () => newClientAddress();

async function ticket(on: Instance, user: TestUser, other: TestUser, access = user.access) {
  const low = Math.min(user.id, other.id);
  const high = Math.max(user.id, other.id);
  const res = await post(on, '/api/calls/ticket/', { room_id: `room_${low}_${high}` }, access);
  expect(res.statusCode).toBe(200);
  return res.json<Ticket>();
}

/** A PeerJS client's signalling socket on `on`, once the server has said OPEN. */
async function openPeer(on: Instance, { peer_id: id, token }: Ticket): Promise<TestSocket> {
  const query = new URLSearchParams({ key: 'peerjs', id, token });
  const socket = new TestSocket(`${on.ws}/peerjs/peerjs?${query}`);
  await socket.waitForType('OPEN');
  return socket;
}

const withSdp = (type: string, dst: string, sdp: string) => ({
  type,
  dst,
  payload: { type: 'media', sdp: { type: type.toLowerCase(), sdp }, connectionId: 'mc_cross' },
});

const hasSdp = (type: string, sdp: string) => (f: Frame) =>
  f.type === type && (f.payload as { sdp?: { sdp: string } }).sdp?.sdp === sdp;

/**
 * A whole call set-up, as two PeerJS clients go through it: the caller's OFFER reaches the
 * callee, the ANSWER comes back, candidates cross both ways, each with `src` set by the server.
 */
async function connectCall(
  caller: TestSocket,
  callerId: string,
  callee: TestSocket,
  calleeId: string,
) {
  caller.send(withSdp('OFFER', calleeId, `offer from ${callerId}`));
  expect(await callee.waitFor(hasSdp('OFFER', `offer from ${callerId}`))).toMatchObject({
    src: callerId,
    dst: calleeId,
  });
  callee.send(withSdp('ANSWER', callerId, `answer from ${calleeId}`));
  expect(await caller.waitFor(hasSdp('ANSWER', `answer from ${calleeId}`))).toMatchObject({
    src: calleeId,
    dst: callerId,
  });
  const candidate = (dst: string, text: string) => ({
    type: 'CANDIDATE',
    dst,
    payload: { type: 'media', candidate: { candidate: text }, connectionId: 'mc_cross' },
  });
  caller.send(candidate(calleeId, `candidate of ${callerId}`));
  callee.send(candidate(callerId, `candidate of ${calleeId}`));
  const crossed = (text: string) => (f: Frame) =>
    f.type === 'CANDIDATE' &&
    (f.payload as { candidate: { candidate: string } }).candidate.candidate === text;
  expect(await callee.waitFor(crossed(`candidate of ${callerId}`))).toMatchObject({
    src: callerId,
  });
  expect(await caller.waitFor(crossed(`candidate of ${calleeId}`))).toMatchObject({
    src: calleeId,
  });
}

/**
 * Stops an instance's HTTP server the hard way, as a crash would: every connection, upgraded
 * sockets included, is cut without a close frame, and the port stops answering.
 */
function cutOff(server: Server, sockets: Set<Socket>) {
  for (const socket of sockets) socket.destroy();
  server.close();
}

describe.runIf(redisUrl)('two instances on one database and one Redis', () => {
  let t: TestApp;
  let second: SecondInstance;
  let one: Instance;
  let two: Instance;
  /** Every TCP connection the second instance has accepted, for cutting it off. */
  const secondSockets = new Set<Socket>();

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl as string };
    t = await buildTestApp(env);
    second = await buildSecondInstance(t, env);
    second.app.server.on('connection', (socket: Socket) => {
      secondSockets.add(socket);
      socket.on('close', () => secondSockets.delete(socket));
    });
    one = { request: t.request, ...(await listen(t.app)) };
    two = { request: second.request, ...(await listen(second.app)) };
  });
  afterAll(async () => {
    await closeAllSockets();
    await second?.close();
    await t?.close();
  });

  it('a message sent through one arrives live on a socket held by the other', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const id = await startConversation(one, alice, bob);
    const bobOnTwo = await authedSocket(two.ws, bob.access);
    const sent = await send(one, alice, id, 'through instance one, live on two');
    expect(
      await bobOnTwo.waitFor(
        (f) => f.type === 'message' && (f.message as { id: number }).id === sent.id,
      ),
    ).toMatchObject({
      conversation_id: id,
      message: { text: 'through instance one, live on two', sender: alice.id },
    });
  });

  it('a call connects between a user signalling on one and a user signalling on the other', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    await startConversation(one, alice, bob);
    const aliceTicket = await ticket(one, alice, bob);
    const bobTicket = await ticket(two, bob, alice);
    const alicePeer = await openPeer(one, aliceTicket);
    const bobPeer = await openPeer(two, bobTicket);
    await connectCall(alicePeer, aliceTicket.peer_id, bobPeer, bobTicket.peer_id);
    // And the other way round: bob calls back after a drop.
    await connectCall(bobPeer, bobTicket.peer_id, alicePeer, aliceTicket.peer_id);
  });

  it('an offer to a peer that connects to the other instance a moment later reaches it', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    await startConversation(one, alice, bob);
    const aliceTicket = await ticket(one, alice, bob);
    const bobTicket = await ticket(two, bob, alice);
    const alicePeer = await openPeer(one, aliceTicket);
    alicePeer.send(withSdp('OFFER', bobTicket.peer_id, 'before bob connected'));
    const bobPeer = await openPeer(two, bobTicket);
    expect(await bobPeer.waitFor(hasSdp('OFFER', 'before bob connected'))).toMatchObject({
      src: aliceTicket.peer_id,
    });
  });

  it('frames stay in their room across instances', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const mallory = await buildUser(t);
    await startConversation(one, alice, bob);
    await startConversation(one, mallory, bob);
    const aliceTicket = await ticket(one, alice, bob);
    const bobTicket = await ticket(two, bob, alice);
    const malloryTicket = await ticket(one, mallory, bob);
    const bobPeer = await openPeer(two, bobTicket);
    const malloryPeer = await openPeer(one, malloryTicket);
    const alicePeer = await openPeer(one, aliceTicket);
    malloryPeer.send(withSdp('OFFER', bobTicket.peer_id, 'uninvited'));
    // One socket's frames are relayed in order: alice's offer after mallory's would follow it.
    malloryPeer.send(withSdp('OFFER', aliceTicket.peer_id, 'uninvited'));
    alicePeer.send(withSdp('OFFER', bobTicket.peer_id, 'invited'));
    await bobPeer.waitFor(hasSdp('OFFER', 'invited'));
    expect(bobPeer.frames.filter(hasSdp('OFFER', 'uninvited'))).toEqual([]);
  });

  it('one peer id cannot be taken on both: the second ticket gets ID-TAKEN', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    await startConversation(one, alice, bob);
    const first = await ticket(one, alice, bob);
    const elsewhere = (await signIn(two, alice)).json<TokenPairBody>();
    const secondTicket = await ticket(two, alice, bob, elsewhere.access);
    const onOne = await openPeer(one, first);
    const query = new URLSearchParams({
      key: 'peerjs',
      id: secondTicket.peer_id,
      token: secondTicket.token,
    });
    const onTwo = new TestSocket(`${two.ws}/peerjs/peerjs?${query}`);
    await onTwo.waitForClose();
    expect(onTwo.frames).toEqual([{ type: 'ID-TAKEN', payload: { msg: 'ID is taken' } }]);
    expect(onOne.isOpen).toBe(true);
  });

  it('a login brute-force budget is shared: failures through both add up to the limit', async () => {
    const alice = await buildUser(t);
    const address = newAddress();
    const attempt = (on: Instance, password: string) =>
      post(on, '/api/auth/token/', { email: alice.email, password }, undefined, address);
    const limit = RATE_LIMIT_POLICIES.loginPerGuesser.points;
    for (let i = 0; i < limit; i += 1) {
      const res = await attempt(i % 2 === 0 ? one : two, `wrong guess ${i}`);
      expect(res.statusCode, `guess ${i}`).toBe(401);
    }
    for (const on of [one, two]) {
      const res = await attempt(on, alice.password);
      expect(res.statusCode).toBe(429);
      expect(res.json<{ detail: string }>().detail).toMatch(
        /^Too many login attempts for this account\. Please try again in \d+ seconds\.$/,
      );
    }
  });

  it('ending a session through one closes its signalling socket on the other; the other side hears LEAVE', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    await startConversation(one, alice, bob);
    const pair = (await signIn(one, alice)).json<TokenPairBody>();
    const aliceTicket = await ticket(one, alice, bob, pair.access);
    const bobTicket = await ticket(one, bob, alice);
    const alicePeer = await openPeer(two, aliceTicket);
    const bobPeer = await openPeer(one, bobTicket);
    const aliceLive = await authedSocket(two.ws, pair.access);

    const res = await post(one, '/api/auth/logout/', { refresh: pair.refresh });
    expect(res.statusCode).toBeLessThan(300);
    expect(await alicePeer.waitForClose()).toEqual({ code: 4401, reason: 'Session ended' });
    expect(await bobPeer.waitForType('LEAVE')).toEqual({
      type: 'LEAVE',
      src: aliceTicket.peer_id,
    });
    expect((await aliceLive.waitForClose()).code).toBe(4401);
    expect(bobPeer.isOpen).toBe(true);
  });

  it('a block through one ends the call of peers on both: each hears LEAVE, and neither can dial again', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    await startConversation(one, alice, bob);
    const aliceTicket = await ticket(one, alice, bob);
    const bobTicket = await ticket(two, bob, alice);
    const alicePeer = await openPeer(two, aliceTicket);
    const bobPeer = await openPeer(one, bobTicket);
    await connectCall(alicePeer, aliceTicket.peer_id, bobPeer, bobTicket.peer_id);

    const res = await post(one, `/api/auth/users/${alice.id}/block/`, {}, bob.access);
    expect(res.statusCode).toBe(200);
    const ended = { code: 4401, reason: 'Call ended' };
    expect(await alicePeer.waitForClose()).toEqual(ended);
    expect(await bobPeer.waitForClose()).toEqual(ended);
    expect(alicePeer.frames.at(-1)).toEqual({ type: 'LEAVE', src: bobTicket.peer_id });
    expect(bobPeer.frames.at(-1)).toEqual({ type: 'LEAVE', src: aliceTicket.peer_id });
    // Dialling again is refused on both instances.
    for (const on of [one, two]) {
      const again = await post(
        on,
        '/api/calls/ticket/',
        { room_id: roomOf(alice, bob) },
        alice.access,
      );
      expect(again.statusCode).toBe(403);
      const reopened = new TestSocket(
        `${on.ws}/peerjs/peerjs?${new URLSearchParams({ key: 'peerjs', id: aliceTicket.peer_id, token: aliceTicket.token })}`,
      );
      expect((await reopened.waitForClose()).code).toBe(4401);
    }
  });

  describe('one instance killed', () => {
    let alice: TestUser;
    let bob: TestUser;
    let conversationId: number;
    let aliceTicket: Ticket;
    let alicePeer: TestSocket;

    beforeAll(async () => {
      alice = await buildUser(t);
      bob = await buildUser(t);
      conversationId = await startConversation(one, alice, bob);
      // Alice is in the middle of signalling on the instance about to go down.
      aliceTicket = await ticket(two, alice, bob);
      alicePeer = await openPeer(two, aliceTicket);
      cutOff(second.app.server, secondSockets);
      await alicePeer.waitForClose();
    });

    it('is gone: its port no longer answers', async () => {
      await expect(fetch(`${two.http}/api/`)).rejects.toThrow();
    });

    it('the other carries on: sign-in and messages', async () => {
      const res = await signIn(one, bob);
      expect(res.statusCode).toBe(200);
      const bobAccess = res.json<TokenPairBody>().access;
      const bobLive = await authedSocket(one.ws, bobAccess);
      const sent = await send(one, alice, conversationId, 'after instance two went down');
      expect(
        await bobLive.waitFor(
          (f) => f.type === 'message' && (f.message as { id: number }).id === sent.id,
        ),
      ).toMatchObject({ message: { text: 'after instance two went down' } });
    });

    it('the other carries on: a call between two users both on it', async () => {
      // Alice's client reconnects with the ticket it holds; bob joins with a fresh one.
      const again = await openPeer(one, aliceTicket);
      const bobTicket = await ticket(one, bob, alice);
      const bobPeer = await openPeer(one, bobTicket);
      await connectCall(again, aliceTicket.peer_id, bobPeer, bobTicket.peer_id);
    });
  });
});
