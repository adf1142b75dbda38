import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Sessions } from '../auth/index.ts';
import type { BlocksService } from '../blocks/index.ts';
import type { PeerNetwork } from './peer-network.ts';
import { PEER_KEY, PEER_PATH } from './service.ts';
import { createSignalling, type LocalPeer, type Signalling } from './signalling.ts';
import { parsePeerId, parseRoom, type TicketSigner } from './tickets.ts';

/** The peer id of the other user of `peer`'s room. */
function otherPeerOf(peer: LocalPeer): string | undefined {
  const other = parseRoom(peer.roomId)?.find((id) => id !== peer.userId);
  return other === undefined ? undefined : `${peer.roomId}_${other}`;
}

/**
 * The signalling sockets of this instance by session. When a session ends, its peers are
 * dropped and the other side of each room is told the peer left (PeerJS's `LEAVE`, on which its
 * client closes the call), on whichever instance it is connected: a call does not outlive the
 * session that made it. Every instance hears of every ended session (the database's notice).
 */
function createPeerSessions(changes: ChangeNotices, sessions: Sessions, signalling: Signalling) {
  const bySession = new Map<number, Set<LocalPeer>>();

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
    else if (notice.kind === 'reset') {
      const ids = [...bySession.keys()];
      void sessions.stillActive(ids).then(
        (active) => ids.filter((id) => !active.has(id)).forEach(end),
        () => undefined, // the next reset asks again
      );
    }
  });

  return {
    add(peer: LocalPeer) {
      const peers = bySession.get(peer.sessionId) ?? new Set<LocalPeer>();
      peers.add(peer);
      bySession.set(peer.sessionId, peers);
      peer.socket.on('close', () => {
        peers.delete(peer);
        if (peers.size === 0 && bySession.get(peer.sessionId) === peers) {
          bySession.delete(peer.sessionId);
        }
      });
    },
    end,
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
    blocks: Pick<BlocksService, 'isBlockedEitherWay'>;
    peerNetwork: PeerNetwork;
  },
) {
  const { tickets, sessions, blocks } = deps;
  const signalling = createSignalling(deps.peerNetwork, (error) =>
    app.log.warn({ err: error }, 'call signalling error'),
  );
  await signalling.started;
  const peerSessions = createPeerSessions(deps.changes, sessions, signalling);
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
    const pair = parseRoom(parsed.roomId);
    if (pair && (await blocks.isBlockedEitherWay(pair[0], pair[1]))) {
      return refuse(socket, BAD_TICKET, 4401);
    }
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
    // Ended while it joined: its notice may have been heard before `add`.
    if (!(await sessions.isActive({ userId: parsed.userId, sessionId }))) {
      peerSessions.end(sessionId);
    }
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
