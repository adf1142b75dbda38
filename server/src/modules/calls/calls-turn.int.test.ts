import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { login, postJson } from '../../../test/auth.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { postAs, roomOf, startConversation } from '../../../test/messaging.ts';
import { closeAllSockets, listen, TestSocket } from '../../../test/sockets.ts';

/**
 * Video call signalling: tickets for the caller's own peer id in a room of a conversation, the
 * PeerJS server at /peerjs accepting only ticketed ids, relaying offers and surviving junk.
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

type Ticket = {
  room_id: string;
  peer_id: string;
  token: string;
  key: string;
  path: string;
  ice_servers: { urls: string[]; username?: string; credential?: string }[];
};

function ticketRequest(app: TestApp, user: TestUser | undefined, body: unknown) {
  return postAs(app, user, '/api/calls/ticket/', body);
}

async function ticket(user: TestUser, other: TestUser, app: TestApp = t): Promise<Ticket> {
  const res = await ticketRequest(app, user, { room_id: roomOf(user, other) });
  if (res.statusCode !== 200) throw new Error(`ticket failed: ${res.statusCode} ${res.body}`);
  return res.json<Ticket>();
}

/** A PeerJS signalling socket for `peerId` holding `token`, as the PeerJS client opens it. */
function peerSocket(peerId: string, token: string, key = 'peerjs') {
  const query = new URLSearchParams({ key, id: peerId, token });
  return new TestSocket(`${ws}/peerjs/peerjs?${query}`);
}

/** A connected peer: its socket has received OPEN. */
async function openPeer(peerId: string, token: string): Promise<TestSocket> {
  const socket = peerSocket(peerId, token);
  await socket.waitForType('OPEN');
  return socket;
}

describe('TURN credentials', () => {
  let turnApp: TestApp;
  beforeAll(async () => {
    turnApp = await buildTestApp({
      STUN_URLS: 'stun:stun.example.test:3478',
      TURN_URLS: 'turn:turn.example.test:3478?transport=udp, turns:turn.example.test:5349',
      TURN_SECRET: 'turn shared secret',
    });
  });
  afterAll(() => turnApp?.close());

  it('are coturn’s time-limited ones: "<expiry>:<userId>" and an HMAC-SHA1 of it', async () => {
    const alice = await buildUser(turnApp);
    const bob = await buildUser(turnApp);
    await startConversation(turnApp, alice, bob);
    const before = Math.floor(Date.now() / 1000);
    const { ice_servers: servers } = await ticket(alice, bob, turnApp);
    const after = Math.floor(Date.now() / 1000);
    expect(servers).toEqual([
      { urls: ['stun:stun.example.test:3478'] },
      {
        urls: ['turn:turn.example.test:3478?transport=udp', 'turns:turn.example.test:5349'],
        username: expect.stringMatching(new RegExp(`^\\d+:${alice.id}$`)),
        credential: expect.any(String),
      },
    ]);
    const turn = servers[1]!;
    const expiry = Number(turn.username!.split(':')[0]);
    expect(expiry).toBeGreaterThanOrEqual(before + 12 * 3600);
    expect(expiry).toBeLessThanOrEqual(after + 12 * 3600);
    const expected = createHmac('sha1', 'turn shared secret')
      .update(turn.username!)
      .digest('base64');
    expect(turn.credential).toBe(expected);
    // Each user gets their own.
    const bobs = (await ticket(bob, alice, turnApp)).ice_servers[1]!;
    expect(bobs.username).toMatch(new RegExp(`^\\d+:${bob.id}$`));
    expect(bobs.credential).toBe(
      createHmac('sha1', 'turn shared secret').update(bobs.username!).digest('base64'),
    );
  });
});

describe('a call ends with its session', () => {
  /** Alice signed in through the API (a session of her own), in a call with bob. */
  async function callFromSession() {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    await startConversation(t, alice, bob);
    const pair = await login(t, alice.email, alice.password);
    const aliceTicket = await ticket({ ...alice, access: pair.access }, bob);
    const bobTicket = await ticket(bob, alice);
    const alicePeer = await openPeer(aliceTicket.peer_id, aliceTicket.token);
    const bobPeer = await openPeer(bobTicket.peer_id, bobTicket.token);
    return { pair, aliceTicket, bobTicket, alicePeer, bobPeer };
  }

  it('signing out drops the peer and tells the other side it left', async () => {
    const { pair, aliceTicket, alicePeer, bobPeer } = await callFromSession();
    await postJson(t, '/api/auth/logout/', { refresh: pair.refresh });
    expect(await alicePeer.waitForClose()).toEqual({ code: 4401, reason: 'Session ended' });
    expect(await bobPeer.waitForType('LEAVE')).toEqual({
      type: 'LEAVE',
      src: aliceTicket.peer_id,
    });
    expect(bobPeer.isOpen).toBe(true);
  });

  it('refuses the ticket of a session that has ended', async () => {
    const { pair, aliceTicket, alicePeer } = await callFromSession();
    await alicePeer.close();
    await postJson(t, '/api/auth/logout/', { refresh: pair.refresh });
    const again = peerSocket(aliceTicket.peer_id, aliceTicket.token);
    expect(await again.waitForClose()).toEqual({
      code: 4401,
      reason: 'Invalid peer id or call ticket',
    });
  });
});
