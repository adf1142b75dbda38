import fs from 'node:fs';
import {
  createExponentialBackoffPolicy,
  createFederation,
  type Federation,
  type KvStore,
  type MessageQueue,
  type RequestContext,
} from '@fedify/fedify';
import { Endpoints, Image, Note, Person } from '@fedify/vocab';
import type { Database } from '../../db/client.ts';
import {
  countFullyPublicPosts,
  findFullyPublicPost,
  listFullyPublicPosts,
} from '../posts/index.ts';
import type { ActorKeys } from './keys.ts';
import {
  countAcceptedFollowers,
  FOLLOWERS_PAGE,
  listAcceptedFollowers,
  removeGoneFollowers,
} from './followers.ts';
import { listenToInboxes } from './inbox.ts';
import { createOfPost, instantOf, textToHtml } from './objects.ts';
import { publicMediaPaths } from './public-media.ts';
import { listAcceptedFollowUris } from './remote-follows.ts';
import { publishesToFediverse } from './publishing-setting.ts';
import {
  type ActorUser,
  actorIdOfUsername,
  countLocalFollowing,
  findActorUser,
  usageCounts,
} from './repo.ts';

/** Posts per outbox page: Mastodon reads the first page of a new actor's outbox only. */
const OUTBOX_PAGE = 20;

/** Fedify owns these paths (WebFinger and NodeInfo discovery are its own, under /.well-known). */
const ACTOR_PATH = '/ap/users/{identifier}';
const VERSION = (
  JSON.parse(fs.readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const FIRST_PAGE = 'first';

/** A followers page cursor: the last row read; null when it is not one. */
function decodeFollowerCursor(cursor: string): number | null {
  return /^[1-9]\d{0,15}$/.test(cursor) ? Number(cursor) : null;
}

/** A remote follower as Fedify delivers to it: its shared inbox preferred when it has one. */
function recipientOf(row: { actorId: string; inbox: string; sharedInbox: string | null }) {
  return {
    id: new URL(row.actorId),
    inboxId: new URL(row.inbox),
    endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
  };
}

/** An outbox page cursor: the last post read, `<created-at ms>_<id>`. */
function decodeCursor(cursor: string) {
  const match = /^(\d{1,15})_(\d{1,15})$/.exec(cursor);
  if (!match) return undefined;
  return { createdAt: new Date(Number(match[1])), id: Number(match[2]) };
}

export type ZuraFederationDeps = {
  db: Database;
  kv: KvStore;
  queue: MessageQueue;
  keys: ActorKeys;
  publicUrl: string;
  allowPrivateAddresses: boolean;
  log: { error: (obj: object, msg: string) => void };
  /** Before a user's first accepted remote follower (`publisher.ts`, `seed`). */
  beforeFirstFollower: (userId: number) => Promise<void>;
  /** Every failed delivery attempt (`dead-letters.ts`). */
  onOutboxError?: (error: Error) => void;
  /** Attempts at one delivery before Fedify gives up (`FEDERATION_DELIVERY_ATTEMPTS`). */
  deliveryAttempts?: number;
};

/**
 * Zura's Fedify federation: one `Person` per account that may be shown (id on the numeric user
 * id, which a rename does not change), WebFinger by username, NodeInfo 2.1, the outbox of fully
 * public posts, remote followers and a counted following collection, and inboxes that take
 * Follow and Undo (`inbox.ts`). What is public is decided by the posts module (`isPostFullyPublic`); a gated
 * post is absent from every answer here.
 */
export function createZuraFederation(deps: ZuraFederationDeps): Federation<void> {
  const { db, keys, publicUrl } = deps;
  const origin = new URL(publicUrl);
  const media = publicMediaPaths(publicUrl);
  const federation = createFederation<void>({
    kv: deps.kv,
    queue: deps.queue,
    // Workers start with the runtime (`startQueue`), not on the first request.
    manuallyStartQueue: true,
    origin: { handleHost: origin.host, webOrigin: origin.origin },
    allowPrivateAddress: deps.allowPrivateAddresses,
    userAgent: { software: `Zura/${VERSION}`, url: origin },
    // Fedify's maxAttempts counts the retries after the first attempt; the waits double from a
    // second, so ten attempts span about eight and a half minutes.
    outboxRetryPolicy: createExponentialBackoffPolicy({
      maxAttempts: (deps.deliveryAttempts ?? 10) - 1,
    }),
    ...(deps.onOutboxError ? { onOutboxError: deps.onOutboxError } : {}),
  });
  // 410 Gone: the accounts behind that inbox are gone for good; they stop being followers.
  federation.setOutboxPermanentFailureHandler(async (_ctx, { statusCode, actorIds }) => {
    if (statusCode === 410)
      await removeGoneFollowers(
        db,
        actorIds.map((id) => id.href),
      );
  });

  const person = async (ctx: RequestContext<void>, identifier: string, user: ActorUser) => {
    const pairs = await ctx.getActorKeyPairs(identifier);
    const profile = new URL(`/profile/${encodeURIComponent(user.username)}`, publicUrl);
    return new Person({
      id: ctx.getActorUri(identifier),
      preferredUsername: user.username,
      name: user.username,
      // A locked profile shows its header only (avatar, cover, name), as its page does.
      summary: user.isProfileLocked || user.bio === '' ? null : textToHtml(user.bio),
      url: profile,
      icon: user.profileImageId ? new Image({ url: new URL(media.avatar(user.id)) }) : null,
      image: user.coverImageId ? new Image({ url: new URL(media.cover(user.id)) }) : null,
      published: instantOf(user.createdAt),
      manuallyApprovesFollowers: user.isProfileLocked,
      discoverable: true,
      inbox: ctx.getInboxUri(identifier),
      outbox: ctx.getOutboxUri(identifier),
      followers: ctx.getFollowersUri(identifier),
      following: ctx.getFollowingUri(identifier),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      publicKey: pairs[0]?.cryptographicKey ?? null,
      assertionMethods: pairs.map((pair) => pair.multikey),
    });
  };

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const user = await findActorUser(db, identifier);
      return user ? person(ctx, identifier, user) : null;
    })
    .mapHandle(async (_ctx, username) => {
      const user = await actorIdOfUsername(db, username);
      return user ? String(user.id) : null;
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      const user = await findActorUser(db, identifier);
      return user ? keys.pairsOf(user.id) : [];
    });

  const uris = (ctx: RequestContext<void>, identifier: string) => ({
    actor: ctx.getActorUri(identifier),
    followers: ctx.getFollowersUri(identifier),
    publicUrl,
  });

  federation
    .setOutboxDispatcher('/ap/users/{identifier}/outbox', async (ctx, identifier, cursor) => {
      const user = await findActorUser(db, identifier);
      if (!user) return null;
      // Without a cursor Fedify asks for the collection itself: its count and first page link.
      if (cursor === null) return { items: [] };
      const after = cursor === FIRST_PAGE ? undefined : decodeCursor(cursor);
      if (cursor !== FIRST_PAGE && !after) return null;
      // A creator who does not publish to the fediverse lists nothing (the setting).
      if (!(await publishesToFediverse(db, user.id))) return { items: [], nextCursor: null };
      const page = await listFullyPublicPosts(db, user, after, OUTBOX_PAGE);
      return {
        items: page.posts.map((row) => createOfPost(row, uris(ctx, identifier))),
        nextCursor: page.next ? `${page.next.createdAt.getTime()}_${page.next.id}` : null,
      };
    })
    .setCounter(async (_ctx, identifier) => {
      const user = await findActorUser(db, identifier);
      if (!user) return null;
      return (await publishesToFediverse(db, user.id)) ? countFullyPublicPosts(db, user.id) : 0;
    })
    // No first page for an unknown actor: Fedify then asks the dispatcher, which answers 404.
    .setFirstCursor(async (_ctx, identifier) =>
      (await findActorUser(db, identifier)) ? FIRST_PAGE : null,
    );

  // Remote followers, accepted ones only. Without a cursor (Fedify's `sendActivity` to
  // "followers") all of them at once; the collection itself is read in pages.
  federation
    .setFollowersDispatcher(
      '/ap/users/{identifier}/followers',
      async (_ctx, identifier, cursor) => {
        const user = await findActorUser(db, identifier);
        if (!user) return null;
        if (cursor === null)
          return { items: (await listAcceptedFollowers(db, user.id)).map(recipientOf) };
        const after = cursor === FIRST_PAGE ? undefined : decodeFollowerCursor(cursor);
        if (after === null) return null;
        // A locked profile hides its followers, as its page does.
        if (user.isProfileLocked) return { items: [] };
        const rows = await listAcceptedFollowers(db, user.id, after, FOLLOWERS_PAGE);
        const last = rows.at(-1);
        return {
          items: rows.map(recipientOf),
          nextCursor: rows.length === FOLLOWERS_PAGE && last ? String(last.id) : null,
        };
      },
    )
    .setCounter(async (_ctx, identifier) => {
      const user = await findActorUser(db, identifier);
      // A locked profile hides its follower count, as its page does.
      if (!user || user.isProfileLocked) return null;
      return user.followersCount + (await countAcceptedFollowers(db, user.id));
    })
    .setFirstCursor(async (_ctx, identifier) =>
      (await findActorUser(db, identifier)) ? FIRST_PAGE : null,
    );

  federation
    .setFollowingDispatcher('/ap/users/{identifier}/following', async (_ctx, identifier) => {
      const user = await findActorUser(db, identifier);
      if (!user) return null;
      // The remote accounts they follow (accepted); local follows are counted only.
      if (user.isProfileLocked) return { items: [] };
      return { items: (await listAcceptedFollowUris(db, user.id)).map((uri) => new URL(uri)) };
    })
    .setCounter(async (_ctx, identifier) => {
      const user = await findActorUser(db, identifier);
      if (!user || user.isProfileLocked) return null;
      const remote = await listAcceptedFollowUris(db, user.id);
      return (await countLocalFollowing(db, user.id)) + remote.length;
    });

  federation.setObjectDispatcher(Note, '/ap/posts/{id}', async (ctx, { id }) => {
    if (!/^[1-9]\d{0,15}$/.test(id)) return null;
    const row = await findFullyPublicPost(db, Number(id));
    if (!row || !(await publishesToFediverse(db, row.post.authorId))) return null;
    const create = createOfPost(row, uris(ctx, String(row.post.authorId)));
    return (await create.getObject()) as Note | null;
  });

  // Follow and Undo (`inbox.ts`); Fedify checks every delivery's signature first.
  listenToInboxes(federation.setInboxListeners('/ap/users/{identifier}/inbox', '/ap/inbox'), {
    db,
    log: deps.log,
    beforeFirstFollower: deps.beforeFirstFollower,
  });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => ({
    software: {
      name: 'zura',
      version: VERSION,
      homepage: new URL(publicUrl),
    },
    protocols: ['activitypub'],
    openRegistrations: true,
    usage: {
      users: await usageCounts(db),
      localPosts: await countFullyPublicPosts(db),
      localComments: 0,
    },
    services: { inbound: [], outbound: ['atom1.0'] },
  }));

  return federation;
}
