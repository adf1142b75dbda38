import type { WebSocket } from 'ws';
import type { EventBus, LiveEvent } from '../../events/bus.ts';

/**
 * The sockets of this instance by user. Every live event from the bus (from this instance or,
 * through Redis, from others) is written to the sockets of its user here.
 */
export function createSocketHub(bus: EventBus) {
  const sockets = new Map<number, Set<WebSocket>>();
  let delivered = 0;

  const unsubscribe = bus.subscribe((event: LiveEvent) => {
    const targets = sockets.get(event.userId);
    if (!targets) return;
    const payload = JSON.stringify(event.frame);
    for (const socket of targets) {
      if (socket.readyState === socket.OPEN) {
        socket.send(payload);
        delivered += 1;
      }
    }
  });

  return {
    add(userId: number, socket: WebSocket) {
      const set = sockets.get(userId) ?? new Set();
      set.add(socket);
      sockets.set(userId, set);
    },
    remove(userId: number, socket: WebSocket) {
      const set = sockets.get(userId);
      if (!set) return;
      set.delete(socket);
      if (set.size === 0) sockets.delete(userId);
    },
    stats: () => ({
      users: sockets.size,
      sockets: [...sockets.values()].reduce((n, s) => n + s.size, 0),
      delivered,
    }),
    close() {
      unsubscribe();
      for (const set of sockets.values())
        for (const socket of set) socket.close(1001, 'Server shutting down');
      sockets.clear();
    },
  };
}

export type SocketHub = ReturnType<typeof createSocketHub>;
