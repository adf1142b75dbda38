import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { EventBus, LiveEvent } from '../../events/bus.ts';
import { CLOSE } from './frames.ts';
import { createPostWatches, type PostAudience } from './post-watches.ts';

/** What a socket holds: its TCP socket, and the session and token expiry it was authenticated by. */
type Held = { tcp: Socket; userId: number; sessionId: number; expiresAt: number };

/** How often sockets whose access token ran out are looked for (one timer for all of them). */
const EXPIRY_SWEEP_MS = 1_000;

/**
 * The sockets of this instance by user. Every live event from the bus (from this instance or,
 * through Redis, from others) is written to the sockets of its user here.
 *
 * Each WebSocket is kept with its TCP socket: the frames one publish has for a user (a message,
 * its notification and the new badges) are written with the TCP socket corked, so they leave in
 * one system call and one packet rather than one each.
 *
 * A socket carries its session: it is closed the moment the session ends (`endSession`) or its
 * access token runs out without being renewed on the socket (`renew`). Both close with 4401, on
 * which the client refreshes its token and connects again, or finds itself signed out.
 */
export function createSocketHub(
  bus: EventBus,
  postAudience: PostAudience,
  onError: (error: unknown) => void = () => {},
) {
  const sockets = new Map<number, Map<WebSocket, Held>>();
  const bySession = new Map<number, Set<WebSocket>>();
  /** Sockets by the second their token runs out: a sweep takes whole buckets, never scans all. */
  const byExpiry = new Map<number, Set<WebSocket>>();
  const held = new WeakMap<WebSocket, Held>();
  const postWatches = createPostWatches();
  let delivered = 0;

  /** A post's frame goes to its watchers here who may see the post now, asked in one query. */
  async function deliverToWatchers(postId: number, payload: string) {
    const watching = postWatches.watchersOf(postId);
    const userIds = [...new Set(watching.flatMap((socket) => held.get(socket)?.userId ?? []))];
    if (userIds.length === 0) return;
    const allowed = await postAudience(postId, userIds);
    for (const socket of watching) {
      const userId = held.get(socket)?.userId;
      if (userId === undefined || !allowed.has(userId) || socket.readyState !== socket.OPEN) {
        continue;
      }
      socket.send(payload);
      delivered += 1;
    }
  }

  const deliver = (events: LiveEvent[]) => {
    const corked: Socket[] = [];
    for (const event of events) {
      if (event.postId !== undefined) {
        deliverToWatchers(event.postId, JSON.stringify(event.frame)).catch(onError);
        continue;
      }
      const targets = sockets.get(event.userId);
      if (!targets) continue;
      const payload = JSON.stringify(event.frame);
      for (const [socket, { tcp }] of targets) {
        if (socket.readyState !== socket.OPEN) continue;
        if (events.length > 1 && !corked.includes(tcp)) {
          tcp.cork();
          corked.push(tcp);
        }
        socket.send(payload);
        delivered += 1;
      }
    }
    for (const tcp of corked) tcp.uncork();
  };
  const unsubscribe = bus.subscribe(deliver);

  const secondOf = (ms: number) => Math.ceil(ms / 1000);
  function index<K>(map: Map<K, Set<WebSocket>>, key: K, socket: WebSocket) {
    const set = map.get(key) ?? new Set<WebSocket>();
    set.add(socket);
    map.set(key, set);
  }
  function unindex<K>(map: Map<K, Set<WebSocket>>, key: K, socket: WebSocket) {
    const set = map.get(key);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) map.delete(key);
  }

  function forget(socket: WebSocket) {
    const entry = held.get(socket);
    if (!entry) return;
    held.delete(socket);
    postWatches.unwatch(socket);
    unindex(bySession, entry.sessionId, socket);
    unindex(byExpiry, secondOf(entry.expiresAt), socket);
    const connections = sockets.get(entry.userId);
    connections?.delete(socket);
    if (connections?.size === 0) sockets.delete(entry.userId);
  }

  /** Stops delivering to the socket at once, then closes it. */
  function shut(socket: WebSocket, reason: string) {
    forget(socket);
    socket.close(CLOSE.authFailed, reason);
  }

  const sweep = setInterval(() => {
    const now = secondOf(Date.now());
    for (const [second, expired] of byExpiry) {
      if (second > now) continue;
      for (const socket of [...expired]) shut(socket, 'Token expired');
    }
  }, EXPIRY_SWEEP_MS);
  sweep.unref();

  return {
    /** Delivers the user's events to the socket until its session ends or its token runs out. */
    add(socket: WebSocket, tcp: Socket, claims: Omit<Held, 'tcp'>) {
      forget(socket);
      const entry = { tcp, ...claims };
      held.set(socket, entry);
      const connections = sockets.get(claims.userId) ?? new Map<WebSocket, Held>();
      connections.set(socket, entry);
      sockets.set(claims.userId, connections);
      index(bySession, claims.sessionId, socket);
      index(byExpiry, secondOf(claims.expiresAt), socket);
    },
    /** The session and user a socket was authenticated by, if it still is. */
    claimsOf(socket: WebSocket) {
      return held.get(socket);
    },
    remove(socket: WebSocket) {
      forget(socket);
    },
    /** The posts an authenticated socket has on screen, for their live counts (replaces). */
    watchPosts(socket: WebSocket, postIds: readonly number[]) {
      if (held.has(socket)) postWatches.watch(socket, postIds);
    },
    /** Closes every socket of the session on this instance. */
    endSession(sessionId: number) {
      for (const socket of [...(bySession.get(sessionId) ?? [])]) shut(socket, 'Session ended');
    },
    /** Whether the user has an authenticated socket open here (push skips them). */
    hasSockets: (userId: number) =>
      [...(sockets.get(userId)?.keys() ?? [])].some((socket) => socket.readyState === socket.OPEN),
    /** The sessions sockets here are authenticated by, to check again after missed notices. */
    sessionIds: () => [...bySession.keys()],
    stats: () => ({
      users: sockets.size,
      sockets: [...sockets.values()].reduce((n, s) => n + s.size, 0),
      watchedPosts: postWatches.watchedPosts(),
      delivered,
    }),
    close() {
      clearInterval(sweep);
      unsubscribe();
      for (const connections of sockets.values())
        for (const socket of connections.keys())
          socket.close(CLOSE.goingAway, 'Server shutting down');
      sockets.clear();
      postWatches.clear();
      bySession.clear();
      byExpiry.clear();
    },
  };
}

export type SocketHub = ReturnType<typeof createSocketHub>;
