import { randomUUID } from 'node:crypto';
import type { InboxContext } from '@fedify/fedify';
import { Follow, isActor, type Move, Undo } from '@fedify/vocab';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { remoteFollows } from '../../db/schema/index.ts';
import { isAccountOnBlockedDomain } from './domain-blocks.ts';
import { findRemoteActorByUri, rememberActor, type RemoteActor } from './remote-actors.ts';
import { removeOwnFollow, savePendingFollow } from './remote-follows.ts';

/** The `Undo` of a user's `Follow` of the account they followed before it moved. */
function undoOfFollow(ctx: InboxContext<void>, userId: number, followUri: string, old: string) {
  const actor = ctx.getActorUri(String(userId));
  const follow = new Follow({ id: new URL(followUri), actor, object: new URL(old) });
  return new Undo({ id: new URL(`${followUri}/undo`), actor, object: follow });
}

/** The old account as Fedify delivers to it: its own inbox, or its shared one. */
function recipientOf(row: RemoteActor) {
  if (!row.inbox) return undefined;
  return {
    id: new URL(row.uri),
    inboxId: new URL(row.inbox),
    endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
  };
}

/**
 * A remote account local users follow moved (`Move`, its actor and object the old account,
 * its target the new one). Only when the new account, fetched from its own origin now (never
 * the copy the activity carries), names the old one in `alsoKnownAs`: each local follower
 * then sends the new account a `Follow` (pending until its `Accept`) and the old one the
 * `Undo` of theirs, as Mastodon does. A target on a blocked domain is not followed.
 */
export async function receiveMove(ctx: InboxContext<void>, db: Database, move: Move) {
  const old = move.actorId;
  const targetId = move.targetId;
  if (!old || !targetId || move.objectId?.href !== old.href || targetId.href === old.href) return;
  const oldRow = await findRemoteActorByUri(db, old.href);
  if (!oldRow) return;
  const follows = await db
    .select()
    .from(remoteFollows)
    .where(eq(remoteFollows.remoteActorId, oldRow.id));
  if (follows.length === 0) return;
  if (await isAccountOnBlockedDomain(db, targetId.href)) return;
  const target = await ctx
    .lookupObject(targetId.href, { documentLoader: ctx.documentLoader })
    .catch(() => null);
  if (!target || !isActor(target) || target.id?.href !== targetId.href || !target.inboxId) return;
  if (!target.aliasIds.some((alias) => alias.href === old.href)) return;
  const targetRow = await rememberActor(db, target, { documentLoader: ctx.documentLoader });
  const oldRecipient = recipientOf(oldRow);
  for (const follow of follows) {
    const identifier = String(follow.userId);
    const followUri = new URL(`#follows/${randomUUID()}`, ctx.getActorUri(identifier));
    const saved = await savePendingFollow(db, follow.userId, targetRow.id, followUri.href);
    if (saved.created) {
      await ctx.sendActivity(
        { identifier },
        target,
        new Follow({ id: followUri, actor: ctx.getActorUri(identifier), object: target.id }),
      );
    }
    const removed = await removeOwnFollow(db, follow.userId, follow.id);
    if (removed && oldRecipient) {
      await ctx.sendActivity(
        { identifier },
        oldRecipient,
        undoOfFollow(ctx, follow.userId, removed.followUri, old.href),
      );
    }
  }
}
