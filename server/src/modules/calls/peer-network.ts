import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A signalling frame on its way: `frame` is what the socket of peer `to` receives, `from` the
 * peer it came from (told EXPIRE if `to` never turns up).
 */
export type Envelope = { from: string; to: string; frame: Record<string, unknown> };

/**
 * Where the peers of the other instances are. Signalling checks its own sockets first and asks
 * the network only for a peer it does not hold.
 */
export interface PeerNetwork {
  /** Claims `peerId` for this instance: false when another instance holds it under another ticket. */
  claim(peerId: string, token: string): Promise<boolean>;
  /** Gives `peerId` up, unless another instance has claimed it since. */
  release(peerId: string, token: string): Promise<void>;
  /** Hands the envelope to the live instance holding `to`; false when no instance does. */
  forward(envelope: Envelope): Promise<boolean>;
  /** Tells every instance that `peerId` has just connected here (frames held for it can go). */
  announce(peerId: string): Promise<void>;
  /**
   * Starts hearing the other instances: envelopes for peers held here, arrivals of peers, and
   * peers of this instance claimed by another (a reconnect elsewhere, which takes over).
   */
  start(handlers: {
    deliver: (envelope: Envelope) => void;
    arrived: (peerId: string) => void;
    takenOver: (peerId: string) => void;
    /** The ids of this instance's peers, whose claims are kept alive. */
    held: () => string[];
  }): Promise<void>;
  close(): Promise<void>;
}

/** One instance: its own sockets are every peer there is. */
export function createLocalPeerNetwork(): PeerNetwork {
  return {
    claim: async () => true,
    release: async () => undefined,
    forward: async () => false,
    announce: async () => undefined,
    start: async () => undefined,
    close: async () => undefined,
  };
}

/** How often an instance says it is alive, and how long the word lasts. */
const ALIVE_EVERY_MS = 5_000;
const ALIVE_FOR_MS = 15_000;
/** A claim outlives its instance by this much at most (it is kept alive while the peer is held). */
const CLAIM_FOR_MS = 120_000;
const CLAIM_REFRESH_EVERY = 6; // liveness ticks

/**
 * KEYS[1] the peer's claim, KEYS[2] the liveness key prefix; ARGV: instance, token, lifetime.
 * Taken when unclaimed, claimed with the same ticket (a reconnect), or held by an instance that
 * is no longer alive. Answers the previous holder when it was another live instance, '' else,
 * or false when the id is taken.
 */
const CLAIM_SCRIPT = `
local held = redis.call('GET', KEYS[1])
if held then
  local space = string.find(held, ' ', 1, true)
  local owner = string.sub(held, 1, space - 1)
  local token = string.sub(held, space + 1)
  local alive = redis.call('EXISTS', KEYS[2] .. owner) == 1
  if token ~= ARGV[2] and alive and owner ~= ARGV[1] then return false end
  redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. ARGV[2], 'PX', ARGV[3])
  if alive and owner ~= ARGV[1] then return owner end
  return ''
end
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. ARGV[2], 'PX', ARGV[3])
return ''
`;

/** KEYS[1] the claim; ARGV[1] the value it must still have. */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

type Notice =
  | { kind: 'envelope'; envelope: Envelope }
  | { kind: 'taken-over'; peerId: string }
  | { kind: 'arrived'; peerId: string };

/**
 * Several instances on one Redis. Each peer id is claimed in Redis by the instance holding its
 * socket (`{prefix}:id:{peerId}` → instance and ticket); each instance says it is alive
 * (`{prefix}:alive:{instance}`) and listens on a channel of its own for envelopes, and on one of
 * the deployment for arrivals. An instance that dies stops saying it is alive: its claims can
 * be taken at once by the same users connecting elsewhere, and a frame for one of its peers
 * finds no listener (PUBLISH answers 0) and is held as for an absent peer.
 *
 * `prefix` must be the same for the instances of one deployment and differ between deployments
 * sharing a Redis server.
 */
export function createRedisPeerNetwork(
  redis: Redis,
  prefix: string,
  onError: (error: Error) => void,
): PeerNetwork {
  const instance = randomUUID();
  const aliveKey = (id: string) => `${prefix}:alive:${id}`;
  const claimKey = (peerId: string) => `${prefix}:id:${peerId}`;
  const inbox = (id: string) => `${prefix}:to:${id}`;
  const arrivals = `${prefix}:arrivals`;
  let subscriber: Redis | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;

  const sayAlive = () => redis.set(aliveKey(instance), '1', 'PX', ALIVE_FOR_MS);
  const send = (channel: string, notice: Notice) => redis.publish(channel, JSON.stringify(notice));

  return {
    async claim(peerId, token) {
      const previous = (await redis.eval(
        CLAIM_SCRIPT,
        2,
        claimKey(peerId),
        aliveKey(''),
        instance,
        token,
        CLAIM_FOR_MS,
      )) as string | null;
      if (previous === null) return false;
      if (previous) await send(inbox(previous), { kind: 'taken-over', peerId });
      return true;
    },
    async release(peerId, token) {
      await redis.eval(RELEASE_SCRIPT, 1, claimKey(peerId), `${instance} ${token}`);
    },
    async forward(envelope) {
      const held = await redis.get(claimKey(envelope.to));
      const owner = held?.slice(0, held.indexOf(' '));
      if (!owner || owner === instance) return false;
      return (await send(inbox(owner), { kind: 'envelope', envelope })) > 0;
    },
    async announce(peerId) {
      await send(arrivals, { kind: 'arrived', peerId });
    },
    async start(handlers) {
      await sayAlive();
      subscriber = redis.duplicate();
      subscriber.on('error', onError);
      subscriber.on('message', (_channel: string, payload: string) => {
        let notice: Notice;
        try {
          notice = JSON.parse(payload) as Notice;
        } catch (error) {
          return onError(error as Error);
        }
        if (notice.kind === 'envelope') handlers.deliver(notice.envelope);
        else if (notice.kind === 'arrived') handlers.arrived(notice.peerId);
        else handlers.takenOver(notice.peerId);
      });
      await subscriber.subscribe(inbox(instance), arrivals);
      let ticks = 0;
      timer = setInterval(() => {
        ticks += 1;
        const work: Promise<unknown>[] = [sayAlive()];
        if (ticks % CLAIM_REFRESH_EVERY === 0) {
          const pipeline = redis.pipeline();
          for (const peerId of handlers.held()) pipeline.pexpire(claimKey(peerId), CLAIM_FOR_MS);
          work.push(pipeline.exec());
        }
        Promise.all(work).catch(onError);
      }, ALIVE_EVERY_MS);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      subscriber?.disconnect();
      // Gone at once rather than after ALIVE_FOR_MS: its users may reconnect elsewhere now.
      await redis.del(aliveKey(instance)).catch(() => undefined);
    },
  };
}
