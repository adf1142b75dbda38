import type { Context, InboxContext, InboxListenerSetters } from '@fedify/fedify';
import { Accept, Follow, isActor, Reject, Undo, type Actor } from '@fedify/vocab';
import type { Database } from '../../db/client.ts';
import { isActorBlockedBy } from './control.ts';
import {
  acceptPendingFollower,
  countAcceptedFollowers,
  findFollowByActivity,
  removeRemoteFollower,
  saveRemoteFollower,
} from './followers.ts';
import { undoFollowedBoost } from './inbox-boosts.ts';
import { listenToFollowedAccounts } from './inbox-following.ts';
import { undoReaction } from './inbox-likes.ts';
import { listenToReceivedActivities } from './inbox-received.ts';
import { findActorUser } from './repo.ts';

type Log = { error: (obj: object, msg: string) => void };

export type InboxDeps = {
  db: Database;
  log: Log;
  /** Before a user's first accepted remote follower: what is public then is not sent to it. */
  beforeFirstFollower: (userId: number) => Promise<void>;
};

/** Accepts a follower of the user, after `beforeFirstFollower` when it is their first. */
async function acceptFollower<T>(deps: InboxDeps, userId: number, accept: () => Promise<T>) {
  if ((await countAcceptedFollowers(deps.db, userId)) === 0) {
    await deps.beforeFirstFollower(userId);
  }
  return accept();
}

/** `@name@host` of a remote actor, when it names itself. */
function handleOf(actor: Actor): string | null {
  const name = actor.preferredUsername?.toString();
  return name && actor.id ? `@${name}@${actor.id.host}` : null;
}

/** The `Accept` of a remote actor's `Follow` of the local actor `identifier`. */
function acceptOf(ctx: Context<void>, identifier: string, follow: Follow): Accept {
  const actor = ctx.getActorUri(identifier);
  return new Accept({
    id: new URL(`#accepts/${encodeURIComponent(follow.id?.href ?? '')}`, actor),
    actor,
    object: follow,
  });
}

/** The `Reject` of a `Follow` of the local actor `identifier` by a blocked actor. */
function rejectOf(ctx: Context<void>, identifier: string, follow: Follow): Reject {
  const actor = ctx.getActorUri(identifier);
  return new Reject({
    id: new URL(`#rejects/${encodeURIComponent(follow.id?.href ?? '')}`, actor),
    actor,
    object: follow,
  });
}

/**
 * What the inboxes do with what they receive. Fedify has already refused (401) an unsigned
 * delivery, a signature that does not verify, and one whose key's owner is not the activity's
 * actor (`doesActorOwnKey`), so the `actor` of what reaches a listener is who sent it. Anything
 * aimed at an unknown or suspended local user, or missing what it needs, is dropped (the sender
 * already had its 202).
 */
export function listenToInboxes(inboxes: InboxListenerSetters<void>, deps: InboxDeps) {
  const { db, log } = deps;
  // Like, Announce, Flag, Block (`inbox-received.ts`).
  listenToReceivedActivities(inboxes, db);
  // Accept, Reject of our users' follows; Create, Update, Delete of followed accounts' posts.
  listenToFollowedAccounts(inboxes, db);
  inboxes
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor') return;
      const user = await findActorUser(db, target.identifier);
      if (!user) return;
      const follower = await follow.getActor(ctx);
      // The document must be the signer's own: its id the Follow's actor, with an inbox.
      if (!follower || !isActor(follower) || follower.id?.href !== follow.actorId.href) return;
      if (!follower.inboxId) return;
      // An actor the creator blocked is refused, and told so (`control.ts`).
      if (await isActorBlockedBy(db, user.id, follower.id.href)) {
        const reject = rejectOf(ctx, target.identifier, follow);
        await ctx.sendActivity({ identifier: target.identifier }, follower, reject);
        return;
      }
      const saved = {
        userId: user.id,
        actorId: follower.id.href,
        inbox: follower.inboxId.href,
        sharedInbox: follower.endpoints?.sharedInbox?.href ?? null,
        handle: handleOf(follower),
        followId: follow.id.href,
        // A locked profile approves its followers (`approveRemoteFollower`).
        state: user.isProfileLocked ? ('pending' as const) : ('accepted' as const),
      };
      const state =
        saved.state === 'accepted'
          ? await acceptFollower(deps, user.id, () => saveRemoteFollower(db, saved))
          : await saveRemoteFollower(db, saved);
      if (state !== 'accepted') return;
      await ctx.sendActivity(
        { identifier: target.identifier },
        follower,
        acceptOf(ctx, target.identifier, follow),
      );
    })
    .on(Undo, async (ctx, undo) => {
      await undoFollow(ctx, db, undo);
      await undoReaction(ctx, db, undo);
      await undoFollowedBoost(db, undo);
    })
    .onError((_ctx, error) => {
      log.error({ err: error }, 'federation inbox: an activity could not be handled');
    });
}

/** `Undo` of a `Follow`: the follower is removed; an `Undo` of anything else is ignored. */
async function undoFollow(ctx: InboxContext<void>, db: Database, undo: Undo) {
  const actorId = undo.actorId?.href;
  if (!actorId || !undo.objectId) return;
  // Mastodon embeds the Follow; some servers name it by id only, which we kept.
  const byId = await findFollowByActivity(db, actorId, undo.objectId.href);
  if (byId !== undefined) {
    await removeRemoteFollower(db, byId, actorId);
    return;
  }
  const object = await undo.getObject(ctx).catch(() => null);
  if (!(object instanceof Follow) || object.actorId?.href !== actorId) return;
  const target = ctx.parseUri(object.objectId);
  if (target?.type !== 'actor') return;
  const user = await findActorUser(db, target.identifier);
  if (user) await removeRemoteFollower(db, user.id, actorId);
}

/**
 * The creator approves a held follow request (a locked profile): the follower becomes accepted
 * and is sent the `Accept` of its `Follow`. False when there was no such request. For the follow
 * requests screen, which is not built yet.
 */
export async function approveRemoteFollower(
  ctx: Context<void>,
  deps: InboxDeps,
  userId: number,
  actorId: string,
): Promise<boolean> {
  const row = await acceptFollower(deps, userId, () =>
    acceptPendingFollower(deps.db, userId, actorId),
  );
  if (!row) return false;
  const identifier = String(userId);
  const follow = new Follow({
    id: row.followId === null ? null : new URL(row.followId),
    actor: new URL(row.actorId),
    object: ctx.getActorUri(identifier),
  });
  await ctx.sendActivity(
    { identifier },
    {
      id: new URL(row.actorId),
      inboxId: new URL(row.inbox),
      endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
    },
    acceptOf(ctx, identifier, follow),
  );
  return true;
}
