import { messages as texts } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { login } from '../../../test/auth.ts';
import { block } from '../../../test/blocks.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { postAs, roomOf, startConversation } from '../../../test/messaging.ts';
import { closeAllSockets, listen, TestSocket, type Frame } from '../../../test/sockets.ts';
import { createTicketSigner } from './tickets.ts';

/**
 * Video call signalling: tickets for the caller's own peer id in a room of a conversation, the
 * PeerJS server at /peerjs accepting only ticketed ids, relaying offers and surviving junk.
 */
let t: TestApp;
let ws: string;
let http: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ ws, http } = await listen(t.app));
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

const NOT_YOURS = { error: 'Not a call room of yours: use room_{smaller id}_{larger id}.' };
const BAD_TICKET = { type: 'ERROR', payload: { msg: 'Invalid peer id or call ticket' } };

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

/** Two users with a conversation, each connected with the ticket of their own peer id. */
async function callPair() {
  const alice = await buildUser(t);
  const bob = await buildUser(t);
  await startConversation(t, alice, bob);
  const aliceTicket = await ticket(alice, bob);
  const bobTicket = await ticket(bob, alice);
  const alicePeer = await openPeer(aliceTicket.peer_id, aliceTicket.token);
  const bobPeer = await openPeer(bobTicket.peer_id, bobTicket.token);
  return { alice, bob, aliceTicket, bobTicket, alicePeer, bobPeer };
}

const offer = (dst: string, sdp = 'v=0 offer') => ({
  type: 'OFFER',
  dst,
  payload: { type: 'media', sdp: { type: 'offer', sdp }, connectionId: 'mc_test' },
});

const relayed = (sdp: string) => (f: Frame) =>
  f.type === 'OFFER' && (f.payload as { sdp: { sdp: string } }).sdp.sdp === sdp;

describe('POST /api/calls/ticket/', () => {
  it('requires auth', async () => {
    const none = await ticketRequest(t, undefined, { room_id: 'room_1_2' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ detail: texts.authRequired });
  });

  it('answers a ticket for the caller’s own peer id in the pair’s room', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    await startConversation(t, bob, alice);
    const room = roomOf(alice, bob);
    const res = await ticketRequest(t, alice, { room_id: room });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      room_id: room,
      peer_id: `${room}_${alice.id}`,
      token: expect.stringMatching(/^\d+\.\d+\.[\w-]+$/),
      key: 'peerjs',
      path: '/peerjs',
      ice_servers: [{ urls: ['stun:stun.l.google.com:19302'] }],
    });
    expect((await ticket(bob, alice)).peer_id).toBe(`${room}_${bob.id}`);
  });

  it('refuses a room that is not the caller’s or not well formed (400)', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const carol = await buildUser(t);
    await startConversation(t, alice, bob);
    await startConversation(t, bob, carol);
    const low = Math.min(alice.id, bob.id);
    const high = Math.max(alice.id, bob.id);
    for (const room of [
      roomOf(bob, carol),
      `room_${high}_${low}`,
      `room_${low}_${low}`,
      `room_${low}_${high}_extra`,
      `room_${low}`,
      'room_a_b',
      '',
      `room_${low}_${'9'.repeat(20)}`,
    ]) {
      const res = await ticketRequest(t, alice, { room_id: room });
      expect(res.statusCode, room).toBe(400);
      expect(res.json()).toMatchObject(NOT_YOURS);
    }
  });

  it('refuses a missing or non-text room id (400)', async () => {
    const alice = await buildUser(t);
    for (const body of [{}, { room_id: 5 }, { room_id: null }, { room_id: 'r'.repeat(101) }]) {
      const res = await ticketRequest(t, alice, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ room_id: ['Name the call room.'] });
    }
  });

  it('answers 404 for a room of two users without a conversation', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const res = await ticketRequest(t, alice, { room_id: roomOf(alice, bob) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Start a conversation before calling.' });
  });
});

describe('the PeerJS server', () => {
  it('opens for a peer id with its own ticket', async () => {
    const { alicePeer, bobPeer } = await callPair();
    expect(alicePeer.frames).toEqual([{ type: 'OPEN' }]);
    expect(bobPeer.frames).toEqual([{ type: 'OPEN' }]);
    expect(alicePeer.isOpen).toBe(true);
  });

  it('refuses a foreign peer id with someone else’s ticket: ERROR, then close 4401', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const mallory = await buildUser(t);
    await startConversation(t, alice, bob);
    await startConversation(t, mallory, alice);
    const aliceTicket = await ticket(alice, bob);
    const bobTicket = await ticket(bob, alice);
    const malloryTicket = await ticket(mallory, alice);
    const room = roomOf(alice, bob);
    const attempts: [string, string][] = [
      // bob presents his own ticket for alice's peer id, and alice's ticket for his
      [aliceTicket.peer_id, bobTicket.token],
      [bobTicket.peer_id, aliceTicket.token],
      // mallory, with a ticket of her own room, tries to join theirs
      [`${room}_${mallory.id}`, malloryTicket.token],
      [aliceTicket.peer_id, malloryTicket.token],
      // no ticket, a forged one, an expired one
      [aliceTicket.peer_id, ''],
      [aliceTicket.peer_id, `${aliceTicket.token.split('.')[0]}.forged-signature`],
      [aliceTicket.peer_id, aliceTicket.token.replace(/\.(\d+)\./, (_, id) => `.${+id + 1}.`)],
      [
        aliceTicket.peer_id,
        createTicketSigner(t.secrets.urlSigningKey).issue(
          aliceTicket.peer_id,
          Number(aliceTicket.token.split('.')[1]),
          Date.now() - 2 * 3600_000,
        ),
      ],
      // ids that are not peer ids of a room
      ['someone', aliceTicket.token],
      [`${room}_999999`, aliceTicket.token],
    ];
    for (const [peerId, token] of attempts) {
      const socket = peerSocket(peerId, token);
      const closed = await socket.waitForClose();
      expect(closed, `${peerId} with ${token}`).toEqual({
        code: 4401,
        reason: 'Invalid peer id or call ticket',
      });
      expect(socket.frames).toEqual([BAD_TICKET]);
    }
    // The real owner still gets in.
    const real = await openPeer(aliceTicket.peer_id, aliceTicket.token);
    await real.close();
  });

  it('refuses a ticket issued before a block between the pair', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    await startConversation(t, alice, bob);
    const aliceTicket = await ticket(alice, bob);
    await block(t, bob, alice);
    const socket = peerSocket(aliceTicket.peer_id, aliceTicket.token);
    expect(await socket.waitForClose()).toEqual({
      code: 4401,
      reason: 'Invalid peer id or call ticket',
    });
    expect(socket.frames).toEqual([BAD_TICKET]);
  });

  it('refuses a valid ticket under another PeerJS key', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    await startConversation(t, alice, bob);
    const { peer_id: peerId, token } = await ticket(alice, bob);
    const socket = peerSocket(peerId, token, 'another-key');
    await socket.waitForClose();
    expect(socket.frames).toEqual([{ type: 'ERROR', payload: { msg: 'Invalid key provided' } }]);
  });

  it('relays OFFER, ANSWER and CANDIDATE to dst with src set by the server', async () => {
    const { aliceTicket, bobTicket, alicePeer, bobPeer } = await callPair();
    alicePeer.send({ ...offer(bobTicket.peer_id, 'alice offers'), src: 'spoofed-source' });
    expect(await bobPeer.waitFor(relayed('alice offers'))).toEqual({
      ...offer(bobTicket.peer_id, 'alice offers'),
      src: aliceTicket.peer_id,
    });

    const answer = {
      type: 'ANSWER',
      dst: aliceTicket.peer_id,
      payload: {
        type: 'media',
        sdp: { type: 'answer', sdp: 'bob answers' },
        connectionId: 'mc_test',
      },
    };
    bobPeer.send(answer);
    expect(await alicePeer.waitForType('ANSWER')).toEqual({ ...answer, src: bobTicket.peer_id });

    const candidate = {
      type: 'CANDIDATE',
      dst: bobTicket.peer_id,
      payload: {
        type: 'media',
        candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 9 typ host' },
      },
    };
    alicePeer.send(candidate);
    expect(await bobPeer.waitForType('CANDIDATE')).toEqual({
      ...candidate,
      src: aliceTicket.peer_id,
    });
  });

  it('survives frames that are not JSON or not signalling, and relays the next offer', async () => {
    const { aliceTicket, bobTicket, alicePeer, bobPeer } = await callPair();
    for (const junk of [
      'not json at all',
      'null',
      '42',
      '"text"',
      '[]',
      '{}',
      '{"type":"OFFER"}',
      '{"type":"OFFER","dst":{"nested":true},"payload":1}',
      '{"type":"UNKNOWN","dst":"nobody"}',
      '{"type":"HEARTBEAT"}',
      Buffer.from([0xff, 0xfe, 0x00, 0x01]),
    ]) {
      alicePeer.send(junk);
    }
    alicePeer.send(offer(bobTicket.peer_id, 'after the junk'));
    expect(await bobPeer.waitFor(relayed('after the junk'))).toMatchObject({
      src: aliceTicket.peer_id,
    });
    expect(bobPeer.frames.map((f) => f.type)).toEqual(['OPEN', 'OFFER']);
    expect(alicePeer.isOpen).toBe(true);
    const health = await fetch(`${http}/api/`);
    expect(health.status).toBe(200);
  });

  it('closes 1009 on an oversized frame and keeps serving', async () => {
    const { bobTicket, alicePeer, bobPeer } = await callPair();
    alicePeer.send(JSON.stringify(offer(bobTicket.peer_id, 'x'.repeat(70 * 1024))));
    expect((await alicePeer.waitForClose()).code).toBe(1009);
    expect(bobPeer.frames.map((f) => f.type)).toEqual(['OPEN']);
    const again = await callPair();
    again.alicePeer.send(offer(again.bobTicket.peer_id, 'still relaying'));
    await again.bobPeer.waitFor(relayed('still relaying'));
  });

  it('relays only within the room: a peer of another room cannot reach these peers', async () => {
    const { alice, aliceTicket, bobTicket, alicePeer, bobPeer } = await callPair();
    const mallory = await buildUser(t);
    await startConversation(t, mallory, alice);
    const malloryTicket = await ticket(mallory, alice);
    const malloryPeer = await openPeer(malloryTicket.peer_id, malloryTicket.token);

    malloryPeer.send(offer(bobTicket.peer_id, 'uninvited'));
    malloryPeer.send(offer(aliceTicket.peer_id, 'uninvited'));
    // Frames of one socket are handled in order, and a socket receives in order: once alice's
    // later offer reaches bob, an offer relayed from mallory would have reached him before it.
    alicePeer.send(offer(bobTicket.peer_id, 'invited'));
    await bobPeer.waitFor(relayed('invited'));
    bobPeer.send(offer(aliceTicket.peer_id, 'invited back'));
    await alicePeer.waitFor(relayed('invited back'));
    expect(bobPeer.frames.filter(relayed('uninvited'))).toEqual([]);
    expect(alicePeer.frames.filter(relayed('uninvited'))).toEqual([]);
    expect(malloryPeer.isOpen).toBe(true);
  });

  it('holds an offer for a peer that connects a moment later, and hands it over', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    await startConversation(t, alice, bob);
    const aliceTicket = await ticket(alice, bob);
    const bobTicket = await ticket(bob, alice);
    const alicePeer = await openPeer(aliceTicket.peer_id, aliceTicket.token);
    alicePeer.send(offer(bobTicket.peer_id, 'before bob came'));
    const bobPeer = await openPeer(bobTicket.peer_id, bobTicket.token);
    expect(await bobPeer.waitFor(relayed('before bob came'))).toMatchObject({
      src: aliceTicket.peer_id,
    });
    expect(bobPeer.frames.map((f) => f.type)).toEqual(['OPEN', 'OFFER']);
  });

  it('tells the caller EXPIRE when the peer called never connects', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    await startConversation(t, alice, bob);
    const aliceTicket = await ticket(alice, bob);
    const bobPeerId = `${roomOf(alice, bob)}_${bob.id}`;
    const alicePeer = await openPeer(aliceTicket.peer_id, aliceTicket.token);
    alicePeer.send(offer(bobPeerId, 'to nobody'));
    alicePeer.send(offer(bobPeerId, 'to nobody again'));
    // The offer waits five seconds for bob; a wait for a frame lasts five seconds from its start.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await alicePeer.waitForType('EXPIRE')).toEqual({
      type: 'EXPIRE',
      src: bobPeerId,
      dst: aliceTicket.peer_id,
    });
    expect(alicePeer.frames.filter((f) => f.type === 'EXPIRE')).toHaveLength(1);
  });

  it('answers ID-TAKEN to the same peer id under another ticket; the same ticket takes over', async () => {
    const { alice, bob, aliceTicket, bobTicket, alicePeer, bobPeer } = await callPair();
    const elsewhere = await login(t, alice.email, alice.password);
    const otherTicket = await ticket({ ...alice, access: elsewhere.access }, bob);
    expect(otherTicket.token).not.toBe(aliceTicket.token);
    const second = peerSocket(otherTicket.peer_id, otherTicket.token);
    await second.waitForClose();
    expect(second.frames).toEqual([{ type: 'ID-TAKEN', payload: { msg: 'ID is taken' } }]);
    expect(alicePeer.isOpen).toBe(true);

    // A reconnect with the ticket already in use replaces the old socket.
    const again = await openPeer(aliceTicket.peer_id, aliceTicket.token);
    expect((await alicePeer.waitForClose()).code).toBe(1000);
    bobPeer.send(offer(aliceTicket.peer_id, 'to the new socket'));
    expect(await again.waitFor(relayed('to the new socket'))).toMatchObject({
      src: bobTicket.peer_id,
    });
  });

  it('does not list connected peers (discovery is off)', async () => {
    const { aliceTicket } = await callPair();
    const res = await fetch(`${http}/peerjs/peerjs/peers`);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain(aliceTicket.peer_id);
  });
});
