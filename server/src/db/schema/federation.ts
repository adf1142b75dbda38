import type { webcrypto } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Fedify's key-value store (issue 36, `modules/federation/kv-store.ts`): what it caches and
 * remembers (remote documents, idempotence of activities, circuit breakers), shared by every
 * instance. A key is an array of strings, as Fedify's `KvKey`; an expired row counts as absent
 * and is swept lazily.
 */
export const federationKv = pgTable(
  'federation_kv',
  {
    key: text('key').array().primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('federation_kv_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

/**
 * Fedify's message queue (`modules/federation/message-queue.ts`): outgoing deliveries and
 * received activities waiting for a worker. A row is leased (`locked_until`) by the one worker
 * that claimed it and deleted once handled; a lease that runs out (a crashed instance) makes it
 * claimable again.
 */
export const federationMessages = pgTable(
  'federation_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    message: jsonb('message').notNull(),
    /** Not claimed before this: `enqueue`'s delay. */
    deliverAt: timestamp('deliver_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Fedify's ordering key: messages sharing one are handled one at a time, in order. */
    orderingKey: text('ordering_key'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('federation_messages_due_idx').on(t.deliverAt, t.id),
    index('federation_messages_ordering_idx')
      .on(t.orderingKey, t.id)
      .where(sql`${t.orderingKey} is not null`),
  ],
);

/**
 * Each user's actor key pairs as JWK (RSASSA-PKCS1-v1_5 2048 for draft-cavage HTTP Signatures,
 * Ed25519 for RFC 9421 and Object Integrity Proofs), made on first need and kept for good: a
 * remote server that cached the public key would refuse signatures by another one.
 */
export const actorKeys = pgTable('actor_keys', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  rsaPublic: jsonb('rsa_public').$type<webcrypto.JsonWebKey>().notNull(),
  rsaPrivate: jsonb('rsa_private').$type<webcrypto.JsonWebKey>().notNull(),
  ed25519Public: jsonb('ed25519_public').$type<webcrypto.JsonWebKey>().notNull(),
  ed25519Private: jsonb('ed25519_private').$type<webcrypto.JsonWebKey>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Remote accounts following a local user (issue 36, `modules/federation/followers.ts`): the
 * remote actor's id and inboxes as its `Follow` named them, and the `Follow`'s id, which its
 * `Undo` names. `pending` waits for the creator's approval (a locked profile); only `accepted`
 * followers are listed and sent posts.
 */
export const remoteFollowers = pgTable(
  'remote_followers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').notNull(),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    handle: text('handle'),
    followId: text('follow_id'),
    state: text('state', { enum: ['accepted', 'pending'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('remote_followers_user_actor_idx').on(t.userId, t.actorId),
    index('remote_followers_user_page_idx').on(t.userId, t.state, t.id),
    check('remote_followers_state', sql`${t.state} in ('accepted', 'pending')`),
  ],
);

/**
 * What each remote follower was last sent of a post (`modules/federation/publisher.ts`): a row
 * per post that went out as a `Create`, its note's digest (an edit that changes it sends an
 * `Update`), removed when the post's `Delete` goes. Kept past the post's own row (no foreign
 * key), so a deleted post is known to need its `Delete`. The conditional writes on it are what
 * make one instance, not each, send a change.
 */
export const federatedPosts = pgTable(
  'federated_posts',
  {
    postId: bigint('post_id', { mode: 'number' }).primaryKey(),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    digest: text('digest').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('federated_posts_author_idx').on(t.authorId)],
);
