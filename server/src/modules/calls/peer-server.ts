import express from 'express';
import type { FastifyInstance } from 'fastify';
import { ExpressPeerServer } from 'peer';
import { WebSocketServer, type WebSocket } from 'ws';
import { PEER_KEY, PEER_PATH } from './service.ts';
import { parsePeerId, type TicketSigner } from './tickets.ts';

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

/**
 * The PeerJS signalling server (`peer` package) on our own HTTP server at /peerjs. Its
 * WebSocket only opens for a peer id `{roomId}_{userId}` with a ticket issued to that user;
 * discovery is off. Its few HTTP routes are served by its Express app.
 */
export async function registerPeerServer(app: FastifyInstance, tickets: TicketSigner) {
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

  app.get(`${PEER_PATH}/peerjs`, { websocket: true }, (socket: WebSocket, request) => {
    const params = new URL(request.url, 'http://peer').searchParams;
    const peerId = params.get('id') ?? '';
    const token = params.get('token') ?? '';
    const peer = parsePeerId(peerId);
    if (!peer || !tickets.verify(peerId, token) || !peerSockets) {
      socket.send(
        JSON.stringify({ type: 'ERROR', payload: { msg: 'Invalid peer id or call ticket' } }),
      );
      socket.close(4401, 'Invalid peer id or call ticket');
      return;
    }
    confineToRoom(socket, peer.roomId);
    peerSockets.emit('connection', socket, request.raw);
  });

  app.all(`${PEER_PATH}/*`, (request, reply) => {
    reply.hijack();
    host(request.raw, reply.raw);
  });
}
