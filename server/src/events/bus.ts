import type { ServerFrame } from '@zura/contracts';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** A frame for open sockets: the contracts' one union, which the web reads by the same. */
export type LiveFrame = ServerFrame;
/** A frame for one user's sockets. */
type UserEvent = { userId: number; postId?: undefined; frame: LiveFrame };
/**
 * A frame for every socket watching a post (its live counts): each instance sends it only to
 * its watchers who may see the post (`live/post-watches.ts`).
 */
type PostEvent = { postId: number; userId?: undefined; frame: LiveFrame };
export type LiveEvent = UserEvent | PostEvent;

/**
 * Live events after commit. In-process by default; with REDIS_URL every instance publishes to
 * and hears from one Redis channel, so a user's sockets on any instance get the frame.
 * Delivery is at most once: sockets replay what they missed from the database on reconnect.
 * Subscribers get the events of one publish together, so the frames a user gets from one
 * action can leave in one write.
 */
export interface EventBus {
  publish(events: LiveEvent[]): Promise<void>;
  subscribe(handler: (events: LiveEvent[]) => void): () => void;
  close(): Promise<void>;
}

export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(events) {
      if (events.length > 0) emitter.emit('events', events);
    },
    subscribe(handler) {
      emitter.on('events', handler);
      return () => emitter.off('events', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * `channel` must be the same for the instances of one deployment and differ between
 * deployments sharing a Redis server (the runtime derives it from the signing secret).
 */
export async function createRedisBus(
  url: string,
  channel: string,
  onError: (error: Error) => void,
): Promise<EventBus> {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const local = createLocalBus();
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel, payload: string) => {
    try {
      const events = JSON.parse(payload) as LiveEvent[];
      void local.publish(events);
    } catch (error) {
      onError(error as Error);
    }
  });
  return {
    async publish(events) {
      if (events.length > 0) await publisher.publish(channel, JSON.stringify(events));
    },
    subscribe: (handler) => local.subscribe(handler),
    async close() {
      await local.close();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
