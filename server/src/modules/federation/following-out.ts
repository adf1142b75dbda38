import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context, Federation } from '@fedify/fedify';
import { type Actor, Follow, isActor, Undo } from '@fedify/vocab';
import {
  REMOTE_HANDLE_PATTERN,
  type RemoteAccount,
  type RemoteFollow,
  type RemoteFollowState,
} from '@zura/contracts';
import type { Database } from '../../db/client.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { isAccountOnBlockedDomain } from './domain-blocks.ts';
import { type RemoteActor, rememberActor } from './remote-actors.ts';
import {
  findFollowOf,
  findOwnFollow,
  listOwnFollows,
  type RemoteFollowRow,
  removeOwnFollow,
  savePendingFollow,
} from './remote-follows.ts';

const BAD_HANDLE = 'Enter an account as @name@host (for example @alice@mastodon.social).';
const BLOCKED_DOMAIN = 'This server does not federate with that domain.';

/** A remote account as the viewer sees it: the record and their follow of it. */
function presentRemoteAccount(
  actor: RemoteActor,
  follow: RemoteFollowRow | undefined,
): RemoteAccount {
  const state: RemoteFollowState = follow?.state ?? 'none';
  return {
    id: actor.id,
    handle: actor.handle ?? actor.uri,
    name: actor.displayName,
    bio: actor.summary,
    profile_url: actor.profileUrl ?? actor.uri,
    uri: actor.uri,
    follow_state: state,
    follow_id: follow?.id ?? null,
  };
}

/** Whether a host is one a closed network uses: loopback, private, link-local, `localhost`. */
function isPrivateHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const family = isIP(name);
  if (family === 4) {
    const [a = 0, b = 0] = name.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (family === 6) {
    return name === '::1' || name === '::' || /^f[cd]/.test(name) || /^fe[89ab]/.test(name);
  }
  return false;
}

/**
 * What the user typed, as Fedify's lookup takes it: `@name@host` (WebFinger), or an actor's
 * http(s) URL. Refuses anything else, and a literal private host unless they are allowed.
 */
function lookupTarget(q: string, allowPrivate: boolean): string {
  const text = q.trim();
  let host: string;
  if (REMOTE_HANDLE_PATTERN.test(text)) {
    host = text.slice(text.lastIndexOf('@') + 1);
  } else {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new BadRequestError(BAD_HANDLE);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new BadRequestError(BAD_HANDLE);
    host = url.hostname;
  }
  if (!allowPrivate && isPrivateHost(host.replace(/:\d+$/, ''))) {
    throw new BadRequestError('That account is on a private network address, which is refused.');
  }
  return text.startsWith('@') || !REMOTE_HANDLE_PATTERN.test(text) ? text : `@${text}`;
}

export type FollowingOutDeps = {
  db: Database;
  federation: Federation<void>;
  publicUrl: string;
  allowPrivateAddresses: boolean;
  rateLimits: RateLimits;
  /** Our own handle host: `@name@<it>` is a local account, not a remote one. */
  localHost: string;
};

/**
 * Following remote accounts (issue 36): looking one up by `@name@host`, sending a signed
 * `Follow` from the user's actor (pending until the remote's `Accept`, `inbox-following.ts`),
 * its `Undo`, and the list of one's follows.
 */
export function createFollowingOut(deps: FollowingOutDeps) {
  const { db, federation } = deps;
  const context = (): Context<void> => federation.createContext(new URL(deps.publicUrl), undefined);

  /** The remote actor `q` names, fetched now (WebFinger then its document) and remembered. */
  async function resolve(userId: number, q: string): Promise<{ actor: Actor; row: RemoteActor }> {
    await deps.rateLimits.consume('remoteLookupsPerUser', String(userId));
    const target = lookupTarget(q, deps.allowPrivateAddresses);
    // A defederated domain is not fetched from, followed or sent anything (`domain-blocks.ts`).
    if (await isAccountOnBlockedDomain(db, target)) throw new ForbiddenError(BLOCKED_DOMAIN);
    if (target.toLowerCase().endsWith(`@${deps.localHost.toLowerCase()}`)) {
      throw new BadRequestError('That account is on this server: find it in the search.');
    }
    const ctx = context();
    // Signed with the user's key: servers in secure mode answer only signed fetches.
    const documentLoader = await ctx.getDocumentLoader({ identifier: String(userId) });
    const found = await ctx.lookupObject(target, { documentLoader }).catch(() => null);
    if (!found || !isActor(found) || !found.id) {
      throw new NotFoundError('No account was found at that address.');
    }
    // A handle on one domain may resolve to an actor on another.
    if (await isAccountOnBlockedDomain(db, found.id.href)) throw new ForbiddenError(BLOCKED_DOMAIN);
    if (ctx.parseUri(found.id)?.type === 'actor') {
      throw new BadRequestError('That account is on this server: find it in the search.');
    }
    return { actor: found, row: await rememberActor(db, found, { documentLoader }) };
  }

  return {
    async lookup(userId: number, q: string): Promise<RemoteAccount> {
      const { row } = await resolve(userId, q);
      return presentRemoteAccount(row, await findFollowOf(db, userId, row.id));
    },

    /** Sends a `Follow` of the account `handle` names; following it already sends nothing. */
    async follow(userId: number, handle: string): Promise<RemoteFollow> {
      const { actor, row } = await resolve(userId, handle);
      if (!actor.inboxId) throw new BadRequestError('That account cannot be followed from here.');
      const ctx = context();
      const identifier = String(userId);
      const followUri = new URL(`#follows/${randomUUID()}`, ctx.getActorUri(identifier));
      const saved = await savePendingFollow(db, userId, row.id, followUri.href);
      if (saved.created) {
        const follow = new Follow({
          id: followUri,
          actor: ctx.getActorUri(identifier),
          object: actor.id,
        });
        await ctx.sendActivity({ identifier }, actor, follow);
      }
      return {
        id: saved.row.id,
        state: saved.row.state,
        since: saved.row.createdAt.toISOString(),
        account: presentRemoteAccount(row, saved.row),
      };
    },

    /** Stops following: the follow goes at once and the remote is sent its `Undo`. */
    async unfollow(userId: number, id: number): Promise<void> {
      const found = await findOwnFollow(db, userId, id);
      if (!found) throw new NotFoundError('You do not follow that account.');
      const removed = await removeOwnFollow(db, userId, id);
      if (!removed || !found.actor.inbox) return;
      // Nor is a defederated server sent the Undo.
      if (await isAccountOnBlockedDomain(db, found.actor.uri)) return;
      const ctx = context();
      const identifier = String(userId);
      const actor = ctx.getActorUri(identifier);
      const follow = new Follow({
        id: new URL(removed.followUri),
        actor,
        object: new URL(found.actor.uri),
      });
      await ctx.sendActivity(
        { identifier },
        {
          id: new URL(found.actor.uri),
          inboxId: new URL(found.actor.inbox),
          endpoints: found.actor.sharedInbox
            ? { sharedInbox: new URL(found.actor.sharedInbox) }
            : null,
        },
        new Undo({ id: new URL(`${removed.followUri}/undo`), actor, object: follow }),
      );
    },

    async list(userId: number): Promise<RemoteFollow[]> {
      const rows = await listOwnFollows(db, userId);
      return rows.map(({ follow, actor }) => ({
        id: follow.id,
        state: follow.state,
        since: follow.createdAt.toISOString(),
        account: presentRemoteAccount(actor, follow),
      }));
    },
  };
}

export type FollowingOut = ReturnType<typeof createFollowingOut>;
