import type { WebSocket } from 'ws';
import type { Envelope, PeerNetwork } from './peer-network.ts';
import { parsePeerId, parseRoom } from './tickets.ts';

/** Frames the server passes from one peer to another, as the PeerJS server does. */
const RELAYED = new Set(['OFFER', 'ANSWER', 'CANDIDATE', 'LEAVE', 'EXPIRE']);
/** Frames for a peer that is nowhere yet wait this long for it (PeerJS's `expire_timeout`). */
const HOLD_MS = 5_000;
/** A peer silent this long (no HEARTBEAT, which clients send every 5 s) is dropped. */
const ALIVE_TIMEOUT_MS = 90_000;
const SWEEP_EVERY_MS = 1_000;

export type LocalPeer = {
  socket: WebSocket;
  peerId: string;
  roomId: string;
  userId: number;
  sessionId: number;
  /** The ticket it connected with: a reconnect with the same ticket takes the id over. */
  token: string;
  lastSeen: number;
};

type Held = { since: number; envelopes: Envelope[] };

/** The peer id of the other user of `peer`'s room. */
export function otherPeerOf(peer: LocalPeer): string | undefined {
  const other = parseRoom(peer.roomId)?.find((id) => id !== peer.userId);
  return other === undefined ? undefined : `${peer.roomId}_${other}`;
}

/** How a call ends when its pair may no longer talk (a block): both sides are told. */
const CALL_ENDED = { code: 4401, reason: 'Call ended' } as const;

/**
 * The PeerJS signalling protocol, as the PeerJS client speaks it: OPEN on connect, ID-TAKEN for
 * an id held under another ticket, HEARTBEAT, and OFFER/ANSWER/CANDIDATE/LEAVE/EXPIRE relayed to
 * `dst` with `src` set here. A frame for a peer of another instance goes through `network`; one
 * for a peer connected nowhere waits a few seconds for it, then its sender is told EXPIRE (on
 * which the client reports `peer-unavailable` and dials again).
 *
 * Frames leave only for peers of the sender's own room, so a room's peers cannot be reached
 * from another room, whose ids are easy to guess, and only while `mayTalk` says the room's two
 * users may (no block between them): asked for every frame, so a frame sent after a block is
 * never relayed however late its notice is; the call is then ended instead (`hangUp`).
 */
export function createSignalling(
  network: PeerNetwork,
  onError: (error: unknown) => void,
  mayTalk: (roomId: string) => Promise<boolean>,
) {
  const peers = new Map<string, LocalPeer>();
  const held = new Map<string, Held>();

  function sendTo(peer: LocalPeer, frame: Record<string, unknown>) {
    if (peer.socket.readyState === peer.socket.OPEN) peer.socket.send(JSON.stringify(frame));
  }

  function hold(envelope: Envelope) {
    // Nobody is told of a leave or an expiry they were not there to hear.
    if (envelope.frame.type === 'LEAVE' || envelope.frame.type === 'EXPIRE') return;
    const queue = held.get(envelope.to) ?? { since: Date.now(), envelopes: [] };
    queue.envelopes.push(envelope);
    held.set(envelope.to, queue);
  }

  /** To the peer's socket here, through the network to its instance, or held for it. */
  async function route(envelope: Envelope): Promise<void> {
    const local = peers.get(envelope.to);
    if (local) return sendTo(local, envelope.frame);
    const forwarded = await network.forward(envelope).catch((error: unknown) => {
      onError(error);
      return false;
    });
    if (!forwarded) hold(envelope);
  }

  /** Sends on what waited for `peerId`, now that it has connected somewhere. */
  async function release(peerId: string) {
    const queue = held.get(peerId);
    if (!queue) return;
    held.delete(peerId);
    for (const envelope of queue.envelopes) await route(envelope);
  }

  /** Held frames whose peer did not come in time: each sender is told EXPIRE, once. */
  async function expire(now: number) {
    for (const [peerId, queue] of held) {
      if (now - queue.since < HOLD_MS) continue;
      held.delete(peerId);
      const senders = new Set(queue.envelopes.map((envelope) => envelope.from));
      for (const sender of senders) {
        await route({
          from: peerId,
          to: sender,
          frame: { type: 'EXPIRE', src: peerId, dst: sender },
        });
      }
    }
  }

  function dropSilent(now: number) {
    for (const peer of peers.values()) {
      if (now - peer.lastSeen >= ALIVE_TIMEOUT_MS) peer.socket.terminate();
    }
  }

  const sweep = setInterval(() => {
    const now = Date.now();
    dropSilent(now);
    expire(now).catch(onError);
  }, SWEEP_EVERY_MS);
  sweep.unref();

  function forget(peer: LocalPeer) {
    if (peers.get(peer.peerId) !== peer) return;
    peers.delete(peer.peerId);
    network.release(peer.peerId, peer.token).catch(onError);
  }

  /** One frame from `peer`'s socket: a heartbeat, a frame to relay within its room, or ignored. */
  async function receive(peer: LocalPeer, data: string) {
    peer.lastSeen = Date.now();
    let frame: unknown;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (!frame || typeof frame !== 'object') return;
    const { type, dst, payload } = frame as Record<string, unknown>;
    if (typeof type !== 'string' || !RELAYED.has(type) || typeof dst !== 'string') return;
    if (parsePeerId(dst)?.roomId !== peer.roomId) return;
    if (!(await mayTalk(peer.roomId))) return hangUp(peer);
    await route({ from: peer.peerId, to: dst, frame: { type, src: peer.peerId, dst, payload } });
  }

  /** Drops `peer` and tells the other side of its room it left, wherever that side is. */
  async function leave(peer: LocalPeer, otherPeerId: string, code: number, reason: string) {
    forget(peer);
    peer.socket.close(code, reason);
    await route({ from: peer.peerId, to: otherPeerId, frame: { type: 'LEAVE', src: peer.peerId } });
  }

  /**
   * Ends `peer`'s call from the server: its own client is told the other side left (LEAVE, on
   * which PeerJS closes the media connection), before its socket closes, so it hears it even
   * when the other side's LEAVE cannot reach it; then the other side is told as in `leave`.
   */
  async function hangUp(peer: LocalPeer) {
    const other = otherPeerOf(peer);
    if (peers.get(peer.peerId) !== peer) return;
    if (other) sendTo(peer, { type: 'LEAVE', src: other });
    if (other) return leave(peer, other, CALL_ENDED.code, CALL_ENDED.reason);
    forget(peer);
    peer.socket.close(CALL_ENDED.code, CALL_ENDED.reason);
  }

  const started = network.start({
    deliver: (envelope) => {
      const local = peers.get(envelope.to);
      if (local) sendTo(local, envelope.frame);
      else hold(envelope);
    },
    arrived: (peerId) => void release(peerId).catch(onError),
    takenOver: (peerId) => {
      const peer = peers.get(peerId);
      if (!peer) return;
      peers.delete(peerId); // its claim is the other instance's now: nothing to give up
      peer.socket.close(1000, 'Connected elsewhere');
    },
    held: () => [...peers.keys()],
  });

  return {
    /** Resolves once the other instances can be heard. */
    started,
    /**
     * Takes `peer` in, its socket paused until its frames can be heard: answers false (after telling it ID-TAKEN and closing) when its id is held
     * under another ticket, here or on another instance.
     */
    async join(peer: LocalPeer): Promise<boolean> {
      const existing = peers.get(peer.peerId);
      const taken = () => {
        peer.socket.resume();
        peer.socket.send(JSON.stringify({ type: 'ID-TAKEN', payload: { msg: 'ID is taken' } }));
        peer.socket.close();
        return false;
      };
      if (existing && existing.token !== peer.token) return taken();
      if (!(await network.claim(peer.peerId, peer.token))) return taken();
      if (peer.socket.readyState !== peer.socket.OPEN) {
        await network.release(peer.peerId, peer.token);
        return false;
      }
      const before = peers.get(peer.peerId);
      if (before && before.token !== peer.token) return taken(); // claimed here meanwhile
      if (before) {
        peers.delete(before.peerId);
        before.socket.close(1000, 'Connected elsewhere');
      }
      peers.set(peer.peerId, peer);
      // Frames of one socket are relayed in the order they came.
      let inOrder = Promise.resolve();
      peer.socket.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) return;
        inOrder = inOrder.then(() => receive(peer, data.toString('utf8'))).catch(onError);
      });
      peer.socket.on('close', () => forget(peer));
      sendTo(peer, { type: 'OPEN' });
      peer.socket.resume();
      await release(peer.peerId);
      await network.announce(peer.peerId).catch(onError);
      return true;
    },
    /**
     * Drops `peer` and tells the other side of its room it left (LEAVE, on which the PeerJS
     * client closes the call), wherever that side is connected.
     */
    leave,
    hangUp,
    async close() {
      clearInterval(sweep);
      await started.catch(() => undefined);
      await network.close();
    },
  };
}

export type Signalling = ReturnType<typeof createSignalling>;
