import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Sessions } from '../auth/index.ts';
import type { BlocksService } from '../blocks/index.ts';
import type { PeerNetwork } from './peer-network.ts';
import { PEER_KEY, PEER_PATH } from './service.ts';
import { createSignalling, otherPeerOf, type LocalPeer, type Signalling } from './signalling.ts';
import { parsePeerId, parseRoom, type TicketSigner } from './tickets.ts';

type Blocks = Pick<BlocksService, 'isBlockedEitherWay'>;

/** Whether the two users of a call room may talk: no block between them, either way. */
async function pairMayTalk(blocks: Blocks, roomId: string): Promise<boolean> {
  const pair = parseRoom(roomId);
  return pair !== undefined && !(await blocks.isBlockedEitherWay(pair[0], pair[1]));
}

/**
 * The signalling sockets of this instance by session and by room. When a session ends, its
 * peers are dropped and the other side of each room is told the peer left (PeerJS's `LEAVE`, on
 * which its client closes the call), on whichever instance it is connected: a call does not
 * outlive the session that made it. A block ends the pair's room the same way, both sides told.
 * Every instance hears of every ended session and every block (the database's notices); when
 * notices may have been missed, the sessions and rooms held are checked against the database.
 */
function createPeerSessions(
  changes: ChangeNotices,
  sessions: Sessions,
  blocks: Blocks,
  signalling: Signalling,
) {
  const bySession = new Map<number, Set<LocalPeer>>();
  const byRoom = new Map<string, Set<LocalPeer>>();

  function endRoom(roomId: string) {
    const peers = byRoom.get(roomId);
    if (!peers) return;
    byRoom.delete(roomId);
    for (const peer of peers) void signalling.hangUp(peer);
  }
  const checkRoom = (roomId: string) =>
    pairMayTalk(blocks, roomId).then(
      (may) => (may ? undefined : endRoom(roomId)),
      () => undefined, // the relay asks again at the next frame
    );

  function end(sessionId: number) {
    const peers = bySession.get(sessionId);
    if (!peers) return;
    bySession.delete(sessionId);
    for (const peer of peers) {
      const other = otherPeerOf(peer);
      if (other) void signalling.leave(peer, other, 4401, 'Session ended');
      else peer.socket.close(4401, 'Session ended');
    }
  }
  const unsubscribe = changes.subscribe((notice) => {
    if (notice.kind === 'session_ended') end(notice.sessionId);
    else if (notice.kind === 'blocked') {
      const [a, b] = notice.userIds;
      endRoom(`room_${Math.min(a, b)}_${Math.max(a, b)}`);
    } else if (notice.kind === 'reset') {
      const ids = [...bySession.keys()];
      void sessions.stillActive(ids).then(
        (active) => ids.filter((id) => !active.has(id)).forEach(end),
        () => undefined, // the next reset asks again
      );
      for (const roomId of byRoom.keys()) void checkRoom(roomId);
    }
  });

  function index<K>(map: Map<K, Set<LocalPeer>>, key: K, peer: LocalPeer) {
    const peers = map.get(key) ?? new Set<LocalPeer>();
    peers.add(peer);
    map.set(key, peers);
    peer.socket.on('close', () => {
      peers.delete(peer);
      if (peers.size === 0 && map.get(key) === peers) map.delete(key);
    });
  }

  return {
    add(peer: LocalPeer) {
      index(bySession, peer.sessionId, peer);
      index(byRoom, peer.roomId, peer);
    },
    end,
    checkRoom,
    close: unsubscribe,
  };
}

/**
 * PeerJS's answer to a socket it will not serve: ERROR with the reason, then close (as the
 * PeerJS server does; ours adds a code for a refused ticket).
 */
function refuse(socket: WebSocket, msg: string, code?: number) {
  socket.resume(); // the closing handshake reads the client's close frame
  socket.send(JSON.stringify({ type: 'ERROR', payload: { msg } }));
  if (code === undefined) socket.close();
  else socket.close(code, msg);
}

const BAD_TICKET = 'Invalid peer id or call ticket';

/**
 * The PeerJS signalling server on our own HTTP server at /peerjs (the protocol in
 * `signalling.ts`). Its WebSocket only opens for a peer id `{roomId}_{userId}` with a ticket
 * issued to that user in a session still going; discovery is off. With several instances,
 * `network` carries frames to the peers connected to the others.
 */
export async function registerPeerServer(
  app: FastifyInstance,
  deps: {
    tickets: TicketSigner;
    sessions: Sessions;
    changes: ChangeNotices;
    blocks: Blocks;
    peerNetwork: PeerNetwork;
  },
) {
  const { tickets, sessions, blocks } = deps;
  const signalling = createSignalling(
    deps.peerNetwork,
    (error) => app.log.warn({ err: error }, 'call signalling error'),
    (roomId) => pairMayTalk(blocks, roomId),
  );
  await signalling.started;
  const peerSessions = createPeerSessions(deps.changes, sessions, blocks, signalling);
  app.addHook('onClose', async () => {
    peerSessions.close();
    await signalling.close();
  });

  app.get(`${PEER_PATH}/peerjs`, { websocket: true }, async (socket: WebSocket, request) => {
    const params = new URL(request.url, 'http://peer').searchParams;
    const peerId = params.get('id') ?? '';
    const token = params.get('token') ?? '';
    const key = params.get('key');
    const parsed = parsePeerId(peerId);
    const sessionId = parsed ? tickets.verify(peerId, token) : undefined;
    if (!parsed || sessionId === undefined) return refuse(socket, BAD_TICKET, 4401);
    // Frames that arrive while the session is checked wait in the socket until it has joined.
    socket.pause();
    const active = await sessions.isActive({ userId: parsed.userId, sessionId });
    if (!active || socket.readyState !== socket.OPEN) return refuse(socket, BAD_TICKET, 4401);
    // A ticket issued before a block between the pair no longer opens the room.
    if (!(await pairMayTalk(blocks, parsed.roomId))) return refuse(socket, BAD_TICKET, 4401);
    if (socket.readyState !== socket.OPEN) return refuse(socket, BAD_TICKET, 4401);
    if (!key) return refuse(socket, 'No id, token, or key supplied to websocket server');
    if (key !== PEER_KEY) return refuse(socket, 'Invalid key provided');

    const peer: LocalPeer = { socket, peerId, token, sessionId, ...parsed, lastSeen: Date.now() };
    try {
      if (!(await signalling.join(peer))) return;
    } catch (error) {
      app.log.warn({ err: error }, 'call signalling: a peer could not join');
      socket.resume();
      return socket.close(1011, 'Signalling unavailable');
    }
    peerSessions.add(peer);
    // Ended or blocked while it joined: the notice may have been heard before `add`.
    if (!(await sessions.isActive({ userId: parsed.userId, sessionId }))) {
      peerSessions.end(sessionId);
    }
    await peerSessions.checkRoom(parsed.roomId);
  });

  // What the PeerJS server answers over HTTP; ids are never handed out and peers never listed.
  app.get(`${PEER_PATH}/`, async () => ({
    name: 'PeerJS Server',
    description: 'A server side element to broker connections between PeerJS clients.',
    website: 'https://peerjs.com/',
  }));
  app.get(`${PEER_PATH}/:key/peers`, async (_request, reply) =>
    reply.code(401).type('text/plain; charset=utf-8').send('Unauthorized'),
  );
}
