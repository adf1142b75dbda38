import type { Federation } from '@fedify/fedify';
import type { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import type { MediaSigner } from '../media/index.ts';
import { registerAtomFeed } from './atom.ts';
import { createActorDeletion } from './actor-deletion.ts';
import { createFederationControl, type FederationControl } from './control.ts';
import { createDeadLetters, type DeadLetter } from './dead-letters.ts';
import { createZuraFederation } from './federation.ts';
import { approveRemoteFollower } from './inbox.ts';
import { createActorKeys } from './keys.ts';
import { createPostgresKvStore } from './kv-store.ts';
import { createPostgresMessageQueue } from './message-queue.ts';
import { mountFederation, refuseFederation } from './mount.ts';
import { createPostPublisher } from './publisher.ts';
import { registerPublicMedia } from './public-media.ts';
import { createRedisKvStore } from './redis-kv-store.ts';

type Log = { error: (obj: object, msg: string) => void };

/** The admins' view of deliveries (`dead-letter-routes.ts`). */
export type DeliveryAdmin = {
  list: (limit: number) => Promise<DeadLetter[]>;
  /** Queues a dead letter again; false when there is none. */
  retry: (id: number) => Promise<boolean>;
  discard: (id: number) => Promise<boolean>;
  /** Messages on the queue: due now, and waiting for a retry's time. */
  backlog: () => Promise<{ ready: number; delayed: number }>;
};

/** The running federation of one instance: Fedify, and its queue's workers until `stop`. */
export type FederationHandle = {
  federation: Federation<void>;
  /**
   * The creator approves a remote follow request held for their locked profile: the follower
   * is accepted and sent the `Accept`. False when there is no such request. For the follow
   * requests screen (not built yet).
   */
  approveFollower: (userId: number, actorId: string) => Promise<boolean>;
  /** The creator's follow requests and remote followers (`control.ts`, `control-routes.ts`). */
  control: FederationControl;
  /** Before an account is deleted: `Delete` of its actor to its remote followers. */
  deleteActor: (userId: number) => Promise<void>;
  /** Dead letters and the queue's backlog, for admins. */
  deliveries: DeliveryAdmin;
  /** Stops the queue's listener, after the message in hand is done. */
  stop: () => Promise<void>;
};

/**
 * Builds Fedify over the database (its store, queue and keys) and starts this instance's queue
 * worker, or nothing when `FEDERATION=false`. Called by `startRuntime`, which stops it after
 * the HTTP server has closed.
 */
export function startFederation(deps: {
  config: Config;
  db: Database;
  log: Log;
  /** Change notices of posts: what the publisher sends followers (`publisher.ts`). */
  changes: ChangeNotices;
  /** With REDIS_URL: Fedify's key-value store lives there (its queue stays in PostgreSQL). */
  redis?: Redis | undefined;
}): FederationHandle | undefined {
  const { config, db, log } = deps;
  if (!config.federation.enabled) return undefined;
  // The publisher needs the federation, whose inbox asks the publisher before a first follower
  // (called only once both are made).
  const beforeFirstFollower = (userId: number) => publisher.seed(userId);
  const deadLetters = createDeadLetters(db, log);
  const queue = deadLetters.watch(createPostgresMessageQueue(db, { log }));
  const federation = createZuraFederation({
    db,
    // Named by the public address: instances of one site share it, other sites on one Redis do not.
    kv: deps.redis
      ? createRedisKvStore(deps.redis, { namespace: `zura:fedify:${config.publicUrl}:` })
      : createPostgresKvStore(db),
    queue,
    onOutboxError: deadLetters.onOutboxError,
    deliveryAttempts: config.federation.deliveryAttempts,
    keys: createActorKeys(db),
    publicUrl: config.publicUrl,
    allowPrivateAddresses: config.federation.allowPrivateAddresses,
    log,
    beforeFirstFollower,
  });
  const publisher = createPostPublisher({ db, federation, publicUrl: config.publicUrl, log });
  const stopListening = publisher.listen(deps.changes);
  const controller = new AbortController();
  const listening = federation
    .startQueue(undefined, { signal: controller.signal })
    .catch((error: unknown) => log.error({ err: error }, 'federation queue stopped'));
  const approveFollower = (userId: number, actorId: string) =>
    approveRemoteFollower(
      federation.createContext(new URL(config.publicUrl), undefined),
      { db, log, beforeFirstFollower },
      userId,
      actorId,
    );
  return {
    federation,
    approveFollower,
    control: createFederationControl({
      db,
      federation,
      publicUrl: config.publicUrl,
      approve: approveFollower,
    }),
    deleteActor: createActorDeletion({ db, federation, publicUrl: config.publicUrl, log }),
    deliveries: {
      list: (limit) => deadLetters.list(limit),
      retry: (id) => deadLetters.retry(id, queue),
      discard: (id) => deadLetters.discard(id),
      async backlog() {
        const depth = await queue.getDepth?.();
        return { ready: depth?.ready ?? 0, delayed: depth?.delayed ?? 0 };
      },
    },
    async stop() {
      stopListening();
      controller.abort();
      await listening;
    },
  };
}

/**
 * The federation's HTTP side: Fedify's paths and profile negotiation (`mount.ts`), the stable
 * public media addresses and the Atom feeds; with federation off, only 404s on its paths.
 */
export function registerFederation(
  app: FastifyInstance,
  deps: {
    handle: FederationHandle | undefined;
    db: Database;
    signer: MediaSigner;
    publicUrl: string;
    /** The inboxes' limit per remote host (`inboxPerHost`). */
    rateLimits?: RateLimits;
  },
) {
  const { handle, db, signer, publicUrl } = deps;
  if (!handle) {
    refuseFederation(app);
    return;
  }
  mountFederation(app, {
    federation: handle.federation,
    db,
    publicUrl,
    rateLimits: deps.rateLimits,
  });
  registerPublicMedia(app, { db, signer, publicUrl });
  registerAtomFeed(app, { db, publicUrl });
}
