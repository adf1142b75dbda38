import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { postAs, roomOf, startConversation } from '../../../test/messaging.ts';
import { closeAllSockets, listen, TestSocket, type Frame } from '../../../test/sockets.ts';

/**
 * A block ends the pair's call at once: both signalling sockets close, each side hears LEAVE,
 * no frame is relayed between them after it, and they cannot dial each other again.
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

type Ticket = { peer_id: string; token: string };

const CALL_ENDED = { code: 4401, reason: 'Call ended' };
const BAD_TICKET = { code: 4401, reason: 'Invalid peer id or call ticket' };

function ticketRequest(user: TestUser, other: TestUser) {
  return postAs(t, user, '/api/calls/ticket/', { room_id: roomOf(user, other) });
}

async function ticket(user: TestUser, other: TestUser): Promise<Ticket> {
  const res = await ticketRequest(user, other);
  if (res.statusCode !== 200) throw new Error(`ticket failed: ${res.statusCode} ${res.body}`);
  return res.json<Ticket>();
}

function peerSocket({ peer_id: id, token }: Ticket) {
  return new TestSocket(`${ws}/peerjs/peerjs?${new URLSearchParams({ key: 'peerjs', id, token })}`);
}

async function openPeer(peerTicket: Ticket): Promise<TestSocket> {
  const socket = peerSocket(peerTicket);
  await socket.waitForType('OPEN');
  return socket;
}

const offer = (dst: string, sdp: string) => ({
  type: 'OFFER',
  dst,
  payload: { type: 'media', sdp: { type: 'offer', sdp }, connectionId: 'mc_block' },
});
const offered = (sdp: string) => (f: Frame) =>
  f.type === 'OFFER' && (f.payload as { sdp: { sdp: string } }).sdp.sdp === sdp;

/** Alice and bob in a call: both signalling, an offer each way relayed. */
async function inCall() {
  const alice = await buildUser(t);
  const bob = await buildUser(t);
  await startConversation(t, alice, bob);
  const aliceTicket = await ticket(alice, bob);
  const bobTicket = await ticket(bob, alice);
  const alicePeer = await openPeer(aliceTicket);
  const bobPeer = await openPeer(bobTicket);
  alicePeer.send(offer(bobTicket.peer_id, 'before the block'));
  await bobPeer.waitFor(offered('before the block'));
  return { alice, bob, aliceTicket, bobTicket, alicePeer, bobPeer };
}

describe('a block during a call', () => {
  it.each(['alice', 'bob'] as const)(
    'blocked by %s: both peers close 4401, each hears LEAVE, and they cannot dial again',
    async (blocker) => {
      const call = await inCall();
      const { alice, bob, aliceTicket, bobTicket, alicePeer, bobPeer } = call;
      if (blocker === 'alice') await block(t, alice, bob);
      else await block(t, bob, alice);

      expect(await alicePeer.waitForClose()).toEqual(CALL_ENDED);
      expect(await bobPeer.waitForClose()).toEqual(CALL_ENDED);
      expect(alicePeer.frames.at(-1)).toEqual({ type: 'LEAVE', src: bobTicket.peer_id });
      expect(bobPeer.frames.at(-1)).toEqual({ type: 'LEAVE', src: aliceTicket.peer_id });

      // Neither the tickets they hold nor a new one opens the room again.
      for (const held of [aliceTicket, bobTicket]) {
        const again = peerSocket(held);
        expect(await again.waitForClose()).toEqual(BAD_TICKET);
      }
      for (const [caller, callee] of [
        [alice, bob],
        [bob, alice],
      ] as const) {
        const res = await ticketRequest(caller, callee);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ detail: 'You cannot call this user.' });
      }
    },
  );

  it('relays no frame once the pair is blocked, even when no notice of the block came', async () => {
    const { alice, bob, aliceTicket, bobTicket, alicePeer, bobPeer } = await inCall();
    // Written behind the platform's back: nobody is told, so only the relay's own check is left.
    await t.pool.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [
      bob.id,
      alice.id,
    ]);
    alicePeer.send(offer(bobTicket.peer_id, 'after the block'));
    expect(await alicePeer.waitForClose()).toEqual(CALL_ENDED);
    // The LEAVE that ends the call is relayed after the offer would have been.
    expect(await bobPeer.waitForType('LEAVE')).toEqual({ type: 'LEAVE', src: aliceTicket.peer_id });
    expect(bobPeer.frames.filter(offered('after the block'))).toEqual([]);
    bobPeer.send(offer(aliceTicket.peer_id, 'from bob after the block'));
    expect(await bobPeer.waitForClose()).toEqual(CALL_ENDED);
  });

  it('leaves the calls of others running', async () => {
    const blocked = await inCall();
    const other = await inCall();
    await block(t, blocked.alice, blocked.bob);
    expect(await blocked.alicePeer.waitForClose()).toEqual(CALL_ENDED);
    await blocked.bobPeer.waitForClose();
    other.alicePeer.send(offer(other.bobTicket.peer_id, 'still talking'));
    await other.bobPeer.waitFor(offered('still talking'));
    expect(other.alicePeer.isOpen && other.bobPeer.isOpen).toBe(true);
  });
});
