import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { EventBus, LiveEvent } from '../../events/bus.ts';

/**
 * The sockets of this instance by user. Every live event from the bus (from this instance or,
 * through Redis, from others) is written to the sockets of its user here.
 *
 * Each WebSocket is kept with its TCP socket: the frames one publish has for a user (a message,
 * its notification and the new badges) are written with the TCP socket corked, so they leave in
 * one system call and one packet rather than one each.
 */
export function createSocketHub(bus: EventBus) {
  const sockets = new Map<number, Map<WebSocket, Socket>>();
  let delivered = 0;

  const deliver = (events: LiveEvent[]) => {
    const corked: Socket[] = [];
    for (const event of events) {
      const targets = sockets.get(event.userId);
      if (!targets) continue;
      const payload = JSON.stringify(event.frame);
      for (const [socket, tcp] of targets) {
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

  return {
    add(userId: number, socket: WebSocket, tcp: Socket) {
      const connections = sockets.get(userId) ?? new Map<WebSocket, Socket>();
      connections.set(socket, tcp);
      sockets.set(userId, connections);
    },
    remove(userId: number, socket: WebSocket) {
      const connections = sockets.get(userId);
      if (!connections) return;
      connections.delete(socket);
      if (connections.size === 0) sockets.delete(userId);
    },
    stats: () => ({
      users: sockets.size,
      sockets: [...sockets.values()].reduce((n, s) => n + s.size, 0),
      delivered,
    }),
    close() {
      unsubscribe();
      for (const connections of sockets.values())
        for (const socket of connections.keys()) socket.close(1001, 'Server shutting down');
      sockets.clear();
    },
  };
}

export type SocketHub = ReturnType<typeof createSocketHub>;
