import type { InboxContext, InboxListenerSetters } from '@fedify/fedify';
import { Accept, Create, Delete, Follow, isActor, Note, Reject, Update } from '@fedify/vocab';
import type { Database } from '../../db/client.ts';
import { receiveReply, receiveReplyDelete, receiveReplyUpdate } from './inbox-replies.ts';
import { rememberActor } from './remote-actors.ts';
import {
  answerFollow,
  findPendingFollowUri,
  followedActorId,
  forgetDeletedActor,
} from './remote-follows.ts';
import {
  deleteRemotePost,
  isPublicNote,
  storeRemotePost,
  updateRemotePost,
} from './remote-post-store.ts';

/**
 * What reaches the inboxes for following out (issue 36): the answers to the `Follow`s our users
 * sent, and the posts of the accounts they follow. Fedify has verified that the activity's
 * `actor` signed it; each handler also checks that the actor speaks for its own objects only.
 * Each answers whether it handled the activity, so a listener can try the next handler.
 */

/**
 * The remote's `Accept` or `Reject` of a `Follow` one of our users sent. It names the `Follow`
 * by id (Mastodon embeds it, id and all); an answer whose `Follow` has no id we know is matched
 * by its two actors, the follower ours, the followed the answer's sender.
 */
async function receiveFollowAnswer(
  ctx: InboxContext<void>,
  db: Database,
  activity: Accept | Reject,
  answer: 'accept' | 'reject',
): Promise<boolean> {
  const sender = activity.actorId?.href;
  if (!sender) return false;
  const named = activity.objectId?.href;
  if (named && (await answerFollow(db, named, sender, answer)) !== undefined) return true;
  const object = await activity.getObject(ctx).catch(() => null);
  if (!(object instanceof Follow) || object.objectId?.href !== sender) return false;
  const follower = ctx.parseUri(object.actorId);
  if (follower?.type !== 'actor' || !/^[1-9]\d{0,15}$/.test(follower.identifier)) return false;
  const followUri = await findPendingFollowUri(db, Number(follower.identifier), sender);
  return (
    followUri !== undefined && (await answerFollow(db, followUri, sender, answer)) !== undefined
  );
}

/** The note an activity carries, when it is the sender's own (its id on the sender's origin). */
async function ownNoteOf(ctx: InboxContext<void>, activity: Create | Update) {
  const sender = activity.actorId;
  if (!sender) return undefined;
  const object = await activity.getObject(ctx).catch(() => null);
  if (!(object instanceof Note) || !object.id || object.id.origin !== sender.origin)
    return undefined;
  // An attributed note must be attributed to the sender; Fedify checked who signed, not this.
  const authors = object.attributionIds;
  if (authors.length > 0 && !authors.some((id) => id.href === sender.href)) return undefined;
  return { sender, note: object };
}

/**
 * A `Create` of a public note by an account a local user follows: stored once, for every
 * follower's home feed. Replies are not (a reply to a local post is a comment, handled apart);
 * nor is anything from an account nobody here follows.
 */
async function receiveFollowedNote(
  ctx: InboxContext<void>,
  db: Database,
  create: Create,
): Promise<boolean> {
  const sender = create.actorId?.href;
  if (!sender) return false;
  const remoteActorId = await followedActorId(db, sender);
  if (remoteActorId === undefined) return false;
  const own = await ownNoteOf(ctx, create);
  if (!own || own.note.replyTargetId || !isPublicNote(own.note)) return false;
  await storeRemotePost(db, remoteActorId, own.note, ctx.documentLoader);
  return true;
}

/**
 * An `Update` from a remote account: of a note we stored (its new text and files), or of the
 * account itself (its name, bio, inboxes). Only the note's own author changes it.
 */
async function receiveRemoteUpdate(
  ctx: InboxContext<void>,
  db: Database,
  update: Update,
): Promise<boolean> {
  const sender = update.actorId;
  if (!sender) return false;
  if (update.objectId?.href === sender.href) {
    const actor = await update.getObject(ctx).catch(() => null);
    if (!actor || !isActor(actor) || actor.id?.href !== sender.href) return false;
    if ((await followedActorId(db, sender.href)) === undefined) return false;
    await rememberActor(db, actor, { documentLoader: ctx.documentLoader });
    return true;
  }
  const own = await ownNoteOf(ctx, update);
  if (!own) return false;
  return updateRemotePost(db, sender.href, own.note, ctx.documentLoader);
}

/**
 * A `Delete` of a note we stored, by its author: it leaves every home feed. A `Delete` of the
 * sender itself (an account gone from its server) ends every follow of it, both ways, and its
 * posts leave the feeds; its record stays for what else names it (comments).
 */
async function receiveRemoteDelete(db: Database, remove: Delete): Promise<boolean> {
  const sender = remove.actorId?.href;
  const object = remove.objectId?.href;
  if (!sender || !object) return false;
  if (object === sender) return forgetDeletedActor(db, sender);
  return deleteRemotePost(db, sender, object);
}

/**
 * The listeners of following out (`inbox.ts` adds them beside `Follow`). Fedify takes one
 * listener per type: whatever else a `Create`, `Update` or `Delete` may mean (a reply to a
 * local post as a comment) is to be called from these same listeners.
 */
export function listenToFollowedAccounts(inboxes: InboxListenerSetters<void>, db: Database) {
  inboxes
    .on(Accept, async (ctx, accept) => {
      await receiveFollowAnswer(ctx, db, accept, 'accept');
    })
    .on(Reject, async (ctx, reject) => {
      await receiveFollowAnswer(ctx, db, reject, 'reject');
    })
    // A reply to a local post is a comment (`inbox-replies.ts`); the rest is following out.
    .on(Create, async (ctx, create) => {
      if (await receiveReply(ctx, db, create)) return;
      await receiveFollowedNote(ctx, db, create);
    })
    .on(Update, async (ctx, update) => {
      if (await receiveReplyUpdate(ctx, db, update)) return;
      await receiveRemoteUpdate(ctx, db, update);
    })
    .on(Delete, async (_ctx, remove) => {
      if (await receiveReplyDelete(db, remove)) return;
      await receiveRemoteDelete(db, remove);
    });
}
