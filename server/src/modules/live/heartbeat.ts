import type { WebSocket } from 'ws';

/** Each socket is pinged once per period; the period is walked in this many steps. */
const STEPS = 30;

/**
 * Pings every socket once per `periodMs` and terminates one that has not answered the previous
 * ping by then. One timer serves all sockets: each step pings the sockets of one of STEPS groups,
 * so 20,000 sockets get ~670 pings a second rather than a burst of 20,000, and no socket holds a
 * timer of its own.
 */
export function createHeartbeat(periodMs: number) {
  const groups = Array.from({ length: STEPS }, () => new Set<WebSocket>());
  const groupOf = new Map<WebSocket, Set<WebSocket>>();
  const awaitingPong = new Set<WebSocket>();
  let next = 0;
  let step = 0;

  // One listener function for every socket: `this` is the socket that answered.
  function answered(this: WebSocket) {
    awaitingPong.delete(this);
  }

  const timer = setInterval(() => {
    const group = groups[step] as Set<WebSocket>;
    step = (step + 1) % STEPS;
    for (const socket of group) {
      if (awaitingPong.has(socket)) {
        socket.terminate();
        continue;
      }
      awaitingPong.add(socket);
      socket.ping();
    }
  }, periodMs / STEPS);
  timer.unref();

  return {
    watch(socket: WebSocket) {
      const group = groups[next] as Set<WebSocket>;
      next = (next + 1) % STEPS;
      group.add(socket);
      groupOf.set(socket, group);
      socket.on('pong', answered);
    },
    forget(socket: WebSocket) {
      groupOf.get(socket)?.delete(socket);
      groupOf.delete(socket);
      awaitingPong.delete(socket);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
