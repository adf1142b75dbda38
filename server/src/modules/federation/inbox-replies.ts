import type { InboxContext } from '@fedify/fedify';
import { type Create, type Delete, isActor, Note, type Update } from '@fedify/vocab';
import { COMMENT_MAX_LENGTH } from '@zura/contracts';
import type { Database } from '../../db/client.ts';
import {
  addRemoteComment,
  editRemoteComment,
  findRemoteComment,
  removeRemoteComment,
} from '../comments/index.ts';
import { findFullyPublicPost } from '../posts/index.ts';
import { isActorBlockedBy } from './control.ts';
import { fullyPublicPostNamed } from './inbox-likes.ts';
import { findRemoteActorByUri, rememberActor } from './remote-actors.ts';
import { remoteHtmlToText } from './remote-text.ts';

/**
 * Replies from the fediverse to local posts (issue 36): a remote `Note` in reply to a fully
 * public post, or to a remote comment on one, becomes a comment under it; the same actor's
 * `Update` edits it and `Delete` removes it. Called from the one `Create`/`Update`/`Delete`
 * listeners (`inbox-following.ts`), each answering whether the activity was theirs.
 */

/** The activity's note, when it is the sender's own: its id on the sender's origin, its author. */
async function ownNoteOf(ctx: InboxContext<void>, activity: Create | Update) {
  const sender = activity.actorId;
  if (!sender) return undefined;
  const note = await activity.getObject(ctx).catch(() => null);
  if (!(note instanceof Note) || !note.id || note.id.origin !== sender.origin) return undefined;
  const authors = note.attributionIds;
  if (authors.length > 0 && !authors.some((id) => id.href === sender.href)) return undefined;
  return { sender, note, noteUri: note.id.href };
}

/** A remote note's text as a comment: plain text (never its HTML), at most a comment's length. */
function commentText(note: Note): string | undefined {
  const text = remoteHtmlToText(note.content?.toString())?.slice(0, COMMENT_MAX_LENGTH).trim();
  return text ? text : undefined;
}

/**
 * Where a reply goes: the fully public local post it answers (top level), or the thread of the
 * remote comment it answers, when that comment's post is still fully public.
 */
async function replyTarget(ctx: InboxContext<void>, db: Database, inReplyTo: URL) {
  const post = await fullyPublicPostNamed(ctx, db, inReplyTo);
  if (post) return { post, parentId: null };
  const comment = await findRemoteComment(db, inReplyTo.href);
  if (!comment) return undefined;
  const row = await findFullyPublicPost(db, comment.postId);
  if (!row) return undefined;
  return {
    post: { id: row.post.id, authorId: row.post.authorId },
    parentId: comment.parentId ?? comment.id,
  };
}

/**
 * A `Create` of a reply to a local fully public post: a comment by the remote actor (recorded
 * in `remote_actors`), under the post's comment settings (comments off: dropped). Dropped too:
 * a reply to a gated post or to a comment on one, and one from an actor the creator blocked.
 * True when the note was a reply to something of ours, whatever became of it.
 */
export async function receiveReply(
  ctx: InboxContext<void>,
  db: Database,
  create: Create,
): Promise<boolean> {
  const own = await ownNoteOf(ctx, create);
  const inReplyTo = own?.note.replyTargetId;
  if (!own || !inReplyTo) return false;
  const target = await replyTarget(ctx, db, inReplyTo);
  if (!target) return inReplyTo.origin === ctx.origin;
  if (await isActorBlockedBy(db, target.post.authorId, own.sender.href)) return true;
  const content = commentText(own.note);
  if (!content) return true;
  const actor = await create.getActor(ctx).catch(() => null);
  if (!actor || !isActor(actor) || actor.id?.href !== own.sender.href) return true;
  const remote = await rememberActor(db, actor, { documentLoader: ctx.documentLoader });
  await addRemoteComment(db, {
    postId: target.post.id,
    parentId: target.parentId,
    remoteActorId: remote.id,
    noteUri: own.noteUri,
    content,
  });
  return true;
}

/** The same actor's `Update` of a reply we keep: its new text. True when it was one. */
export async function receiveReplyUpdate(
  ctx: InboxContext<void>,
  db: Database,
  update: Update,
): Promise<boolean> {
  const own = await ownNoteOf(ctx, update);
  if (!own) return false;
  const actor = await findRemoteActorByUri(db, own.sender.href);
  const content = commentText(own.note);
  if (!actor || !content) return false;
  return editRemoteComment(db, actor.id, own.noteUri, content);
}

/**
 * The same actor's `Delete` of a reply we keep (the Note's id, or a Tombstone's): the comment
 * and its replies go. True when it was one.
 */
export async function receiveReplyDelete(db: Database, remove: Delete): Promise<boolean> {
  const sender = remove.actorId;
  const objectId = remove.objectId;
  if (!sender || !objectId || objectId.origin !== sender.origin) return false;
  const actor = await findRemoteActorByUri(db, sender.href);
  if (!actor) return false;
  return removeRemoteComment(db, actor.id, objectId.href);
}
