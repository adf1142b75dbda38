import fastifyWebsocket from '@fastify/websocket';
import type { ServerFrame } from '@zura/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { Services } from '../../services.ts';
import {
  AUTH_TIMEOUT_MS,
  clientFrame,
  CLOSE,
  HEARTBEAT_MS,
  MAX_FRAME_BYTES,
  REPLAY_LIMIT,
} from './frames.ts';
import { createHeartbeat } from './heartbeat.ts';
import { createSocketHub, type SocketHub } from './hub.ts';

/** What the live socket uses of what `services.ts` built, and nothing else of it. */
type LiveSocketServices = Pick<
  Services,
  | 'accessTokens'
  | 'bus'
  | 'changes'
  | 'likes'
  | 'messaging'
  | 'notifications'
  | 'presence'
  | 'sessions'
>;

/** Browsers send Origin; it must be this site. Other clients (no Origin) still need a token. */
function originAllowed(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const { host } = new URL(origin);
    return host === request.headers.host || host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}

function terminateOnError(this: WebSocket) {
  this.terminate();
}

/**
 * @fastify/websocket leaves the upgrade's Fastify request and reply reachable from the open
 * socket (its error listener holds both, and the TCP socket holds the raw response, whose
 * listeners hold the rest): some kilobytes a socket, which every major garbage collection walks
 * again for as long as the socket stays open. A socket here needs none of it after the upgrade.
 * Answers the TCP socket under the WebSocket.
 */
function releaseUpgradeRequest(socket: WebSocket, request: FastifyRequest): Socket {
  socket.removeAllListeners('error');
  socket.on('error', terminateOnError);
  const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
  return tcp;
}

/**
 * Closes this instance's sockets of a session the moment it ends, whichever instance ended it
 * (the database's `session_ended` notice reaches all). After notices were missed (`reset`), the
 * sessions of every open socket are asked again. Answers the unsubscribe.
 */
function closeEndedSessions(
  hub: SocketHub,
  services: LiveSocketServices,
  onError: (error: unknown) => void,
): () => void {
  return services.changes.subscribe((notice) => {
    if (notice.kind === 'session_ended') {
      hub.endSession(notice.sessionId);
    } else if (notice.kind === 'reset') {
      const ids = hub.sessionIds();
      services.sessions.stillActive(ids).then((active) => {
        for (const id of ids) if (!active.has(id)) hub.endSession(id);
      }, onError);
    }
  });
}

/**
 * `/ws/notifications/`: the first frame authenticates (`{type:'auth', token}`); then the server
 * pushes notifications, messages, read state and unread counts, and accepts mark_read and
 * mark_all_read. Missed notifications are replayed from `last_notification_id`. The socket lives
 * as long as its session and its access token: `auth_ok` says when the token runs out, and the
 * client sends `auth` again with a fresh token before then, or the socket is closed (4401).
 */
export async function registerLiveSocket(
  app: FastifyInstance,
  services: LiveSocketServices,
  publicUrl: string,
) {
  const log = app.log.child({ route: '/ws/notifications/' });
  const hub = createSocketHub(services.bus, services.likes.postAudience, (error) =>
    log.warn({ err: error }, 'sending live post counts failed'),
  );
  const heartbeat = createHeartbeat(HEARTBEAT_MS);
  const stopPresence = services.presence.register(hub.hasSockets);
  const stopEndingSessions = closeEndedSessions(hub, services, (error) =>
    log.warn({ err: error }, 'checking the sessions of open sockets failed'),
  );
  app.addHook('onClose', async () => {
    stopEndingSessions();
    stopPresence();
    heartbeat.stop();
    hub.close();
  });
  // The limit is the largest frame any socket route takes (PeerJS signalling); the
  // notification socket holds its own frames to MAX_FRAME_BYTES below.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  app.get('/ws/notifications/', { websocket: true }, (socket: WebSocket, request) => {
    if (!originAllowed(request, publicUrl)) {
      socket.close(CLOSE.originRefused, 'Origin not allowed');
      return;
    }
    const tcp = releaseUpgradeRequest(socket, request);
    /** Set once the first `auth` frame is accepted; the socket's user for as long as it is open. */
    let userId: number | undefined;
    const send = (frame: ServerFrame) =>
      socket.readyState === socket.OPEN && socket.send(JSON.stringify(frame));
    const authTimer = setTimeout(
      () => socket.close(CLOSE.authTimeout, 'Authenticate within 10 seconds'),
      AUTH_TIMEOUT_MS,
    );
    heartbeat.watch(socket);
    socket.on('close', () => {
      clearTimeout(authTimer);
      heartbeat.forget(socket);
      hub.remove(socket);
    });

    // Frames are handled one at a time, in order: a frame sent right behind `auth` must find the
    // socket authenticated rather than race the token check (and be refused as "before auth").
    let pending: Promise<unknown> = Promise.resolve();
    socket.on('message', (raw: Buffer) => {
      if (raw.length > MAX_FRAME_BYTES) {
        socket.close(CLOSE.frameTooLarge, 'Frame too large');
        return;
      }
      const handle = async () => {
        if (socket.readyState !== socket.OPEN) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString());
        } catch {
          if (userId === undefined) return socket.close(CLOSE.badFrame, 'Frames must be JSON');
          return send({ type: 'error', detail: 'Frames must be JSON.' });
        }
        const frame = clientFrame.safeParse(parsed);
        if (!frame.success) {
          if (userId === undefined) return socket.close(CLOSE.authFailed, 'Authenticate first');
          return send({ type: 'error', detail: 'Unknown or malformed frame.' });
        }
        const data = frame.data;
        if (data.type === 'auth') {
          const claims = await services.accessTokens.verify(data.token);
          // A later `auth` renews the token the socket runs on; it must name the same user.
          if (
            claims === undefined ||
            (userId !== undefined && claims.userId !== userId) ||
            !(await services.sessions.isActive(claims))
          ) {
            hub.remove(socket);
            return socket.close(CLOSE.authFailed, 'Invalid or expired token');
          }
          if (socket.readyState !== socket.OPEN) return;
          clearTimeout(authTimer);
          const renewal = userId !== undefined;
          userId = claims.userId;
          hub.add(socket, tcp, claims);
          // A session that ended while its token was checked: its notice may have come before
          // the socket was added, so ask once more (kept, or read anew if the notice dropped it).
          if (!(await services.sessions.isActive(claims))) return hub.endSession(claims.sessionId);
          send({ type: 'auth_ok', user_id: userId, expires_at: claims.expiresAt });
          if (renewal) return;
          if (data.last_notification_id !== undefined) {
            const missed = await services.notifications.list(userId, {
              afterId: data.last_notification_id,
              limit: REPLAY_LIMIT,
            });
            // The list is newest first and shared with later readers (frozen): walk it backwards.
            for (const notification of missed.toReversed())
              send({ type: 'notification', notification, replay: true });
          }
          send((await services.messaging.unreadFrame(userId)).frame);
          return;
        }
        if (userId === undefined) return socket.close(CLOSE.authFailed, 'Authenticate first');
        if (data.type === 'mark_read') {
          const result = await services.notifications
            .markRead(userId, data.notification_id)
            .catch(() => undefined);
          if (!result) send({ type: 'error', detail: 'Notification not found.' });
        } else if (data.type === 'mark_all_read') {
          await services.notifications.markAllRead(userId);
        } else if (data.type === 'ping') {
          send({ type: 'pong' });
        } else if (data.type === 'watch_posts') {
          hub.watchPosts(socket, data.post_ids);
        }
      };
      pending = pending.then(handle).catch((error: unknown) => {
        log.error({ err: error, userId }, 'socket frame failed');
        send({ type: 'error', detail: 'Something went wrong on our side.' });
      });
    });
  });
  return hub;
}
