import express from 'express';
import type { FastifyInstance } from 'fastify';
import { ExpressPeerServer } from 'peer';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Sessions } from '../auth/sessions.ts';
import { PEER_KEY, PEER_PATH } from './service.ts';
import type { BlocksService } from '../blocks/service.ts';
import { parsePeerId, parseRoom, type TicketSigner } from './tickets.ts';

/** PeerJS signalling frames are small JSON (offers with SDP run to a few kilobytes). */
const MAX_PEER_FRAME_BYTES = 64 * 1024;

/** Whether a signalling frame stays in `roomId`: it names no `dst`, or a peer of that room. */
function staysInRoom(data: unknown, roomId: string): boolean {
  let frame: unknown;
  try {
    frame = JSON.parse(String(data));
  } catch {
    return true; // the peer server drops what it cannot parse
  }
  if (!frame || typeof frame !== 'object' || !('dst' in frame)) return true;
  const { dst } = frame as { dst: unknown };
  return typeof dst === 'string' && parsePeerId(dst)?.roomId === roomId;
}

/**
 * Signalling goes only between the peers of one room: a frame addressed to a peer of another
 * room (whose ids are easy to guess) never reaches the peer server's relay.
 */
function confineToRoom(socket: WebSocket, roomId: string) {
  const emit = socket.emit.bind(socket);
  socket.emit = ((event: string | symbol, ...args: unknown[]) =>
    event === 'message' && !staysInRoom(args[0], roomId)
      ? false
      : emit(event, ...args)) as WebSocket['emit'];
}

type PeerSocket = { socket: WebSocket; peerId: string; roomId: string; userId: number };

/**
 * The signalling sockets of this instance by session. When a session ends, its peers are
 * dropped and the other side of each room is told the peer left (PeerJS's `LEAVE`, on which its
 * client closes the call): a call does not outlive the session that made it.
 */
function createPeerSessions(changes: ChangeNotices, sessions: Sessions) {
  const bySession = new Map<number, Set<PeerSocket>>();
  const byPeerId = new Map<string, WebSocket>();

  function end(sessionId: number) {
    const peers = bySession.get(sessionId);
    if (!peers) return;
    bySession.delete(sessionId);
    for (const peer of peers) {
      const room = parseRoom(peer.roomId);
      const other = room?.find((id) => id !== peer.userId);
      const otherSocket = byPeerId.get(`${peer.roomId}_${other}`);
      otherSocket?.send(JSON.stringify({ type: 'LEAVE', src: peer.peerId }));
      byPeerId.delete(peer.peerId);
      peer.socket.close(4401, 'Session ended');
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
    add(sessionId: number, peer: PeerSocket) {
      const peers = bySession.get(sessionId) ?? new Set<PeerSocket>();
      peers.add(peer);
      bySession.set(sessionId, peers);
      byPeerId.set(peer.peerId, peer.socket);
      peer.socket.on('close', () => {
        peers.delete(peer);
        if (peers.size === 0 && bySession.get(sessionId) === peers) bySession.delete(sessionId);
        if (byPeerId.get(peer.peerId) === peer.socket) byPeerId.delete(peer.peerId);
      });
    },
    end,
    close: unsubscribe,
  };
}

/**
 * The PeerJS signalling server (`peer` package) on our own HTTP server at /peerjs. Its
 * WebSocket only opens for a peer id `{roomId}_{userId}` with a ticket issued to that user in a
 * session still going; discovery is off. Its few HTTP routes are served by its Express app.
 */
export async function registerPeerServer(
  app: FastifyInstance,
  deps: {
    tickets: TicketSigner;
    sessions: Sessions;
    changes: ChangeNotices;
    blocks: Pick<BlocksService, 'isBlockedEitherWay'>;
  },
) {
  const { tickets, sessions, blocks } = deps;
  const peerSessions = createPeerSessions(deps.changes, sessions);
  app.addHook('onClose', async () => peerSessions.close());
  let peerSockets: WebSocketServer | undefined;
  const peerApp = ExpressPeerServer(app.server, {
    path: '/',
    key: PEER_KEY,
    allow_discovery: false,
    createWebSocketServer: () => {
      peerSockets = new WebSocketServer({ noServer: true, maxPayload: MAX_PEER_FRAME_BYTES });
      return peerSockets;
    },
  });
  peerApp.on('error', (error: Error) => app.log.warn({ err: error }, 'peer server error'));
  // Mounting emits the app's 'mount' event, which starts its signalling with the right path.
  const host = express();
  host.disable('x-powered-by');
  host.use(PEER_PATH, peerApp);

  app.get(`${PEER_PATH}/peerjs`, { websocket: true }, async (socket: WebSocket, request) => {
    const params = new URL(request.url, 'http://peer').searchParams;
    const peerId = params.get('id') ?? '';
    const token = params.get('token') ?? '';
    const peer = parsePeerId(peerId);
    const sessionId = peer ? tickets.verify(peerId, token) : undefined;
    const refuse = () => {
      socket.resume(); // the closing handshake reads the client's close frame
      socket.send(
        JSON.stringify({ type: 'ERROR', payload: { msg: 'Invalid peer id or call ticket' } }),
      );
      socket.close(4401, 'Invalid peer id or call ticket');
    };
    if (!peer || sessionId === undefined || !peerSockets) return refuse();
    // Frames that arrive while the session is checked wait in the socket until it is handed on.
    socket.pause();
    const active = await sessions.isActive({ userId: peer.userId, sessionId });
    if (!active || socket.readyState !== socket.OPEN) return refuse();
    // A ticket issued before a block between the pair no longer opens the room.
    const pair = parseRoom(peer.roomId);
    if (pair && (await blocks.isBlockedEitherWay(pair[0], pair[1]))) return refuse();
    if (socket.readyState !== socket.OPEN) return refuse();
    confineToRoom(socket, peer.roomId);
    peerSessions.add(sessionId, { socket, peerId, ...peer });
    // Ended while it was added: its notice may have been heard before `add`.
    if (!(await sessions.isActive({ userId: peer.userId, sessionId }))) {
      return peerSessions.end(sessionId);
    }
    peerSockets.emit('connection', socket, request.raw);
    socket.resume();
  });

  app.all(`${PEER_PATH}/*`, (request, reply) => {
    reply.hijack();
    host(request.raw, reply.raw);
  });
}
