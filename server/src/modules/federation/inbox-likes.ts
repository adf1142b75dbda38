import type { InboxContext } from '@fedify/fedify';
import { Announce, Like, Note, type Activity, type Undo } from '@fedify/vocab';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { posts, remotePostLikes, remotePostShares } from '../../db/schema/index.ts';
import { findFullyPublicPost } from '../posts/index.ts';
import { isActorBlockedBy } from './control.ts';

/** A like counts in the post's `like_count`; a boost (share) is only kept (README). */
type Reaction = 'like' | 'share';

const TABLES = { like: remotePostLikes, share: remotePostShares } as const;

/**
 * Whether the activity's own id is on its actor's origin: an actor at `a.example` cannot
 * speak for an activity whose id is at `b.example` (Fedify verified who signed, not what).
 */
export function isOnActorsOrigin(activity: Activity): boolean {
  const actor = activity.actorId;
  return actor !== null && activity.id !== null && activity.id.origin === actor.origin;
}

/** The id of the local post (`/ap/posts/<id>`) a URI names, whatever the post is now. */
function localPostIdOf(ctx: InboxContext<void>, objectId: URL | null): number | undefined {
  const parsed = ctx.parseUri(objectId);
  if (parsed?.type !== 'object' || parsed.class !== Note) return undefined;
  const id = parsed.values.id ?? '';
  return /^[1-9]\d{0,15}$/.test(id) ? Number(id) : undefined;
}

/** The local post a remote activity names, when it is fully public now; else undefined. */
export async function fullyPublicPostNamed(
  ctx: InboxContext<void>,
  db: Database,
  objectId: URL | null,
): Promise<{ id: number; authorId: number } | undefined> {
  const id = localPostIdOf(ctx, objectId);
  if (id === undefined) return undefined;
  const row = await findFullyPublicPost(db, id);
  return row ? { id: row.post.id, authorId: row.post.authorId } : undefined;
}

/** Moves the post's kept like count; the database's notice then updates every kept count. */
async function moveLikeCount(tx: Pick<Database, 'update'>, postId: number, delta: 1 | -1) {
  await tx
    .update(posts)
    .set({ likeCount: sql`greatest(${posts.likeCount} + ${delta}, 0)` })
    .where(eq(posts.id, postId));
}

/**
 * A remote `Like` or `Announce` of a local fully public post: recorded once per actor and post
 * (a replay, or a second like by the same actor, changes nothing), a like counted in the post's
 * `like_count` in the same transaction. Anything else (a gated, unknown or deleted post, an id
 * on another origin than its actor, an actor the post's creator blocked) is dropped.
 */
export async function receiveReaction(
  ctx: InboxContext<void>,
  db: Database,
  reaction: Reaction,
  activity: Like | Announce,
) {
  if (!activity.id || !activity.actorId || !isOnActorsOrigin(activity)) return;
  const post = await fullyPublicPostNamed(ctx, db, activity.objectId);
  if (!post || (await isActorBlockedBy(db, post.authorId, activity.actorId.href))) return;
  const table = TABLES[reaction];
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(table)
      .values({
        postId: post.id,
        actorUri: activity.actorId?.href ?? '',
        activityId: activity.id?.href ?? '',
      })
      .onConflictDoNothing()
      .returning({ postId: table.postId });
    if (inserted.length > 0 && reaction === 'like') await moveLikeCount(tx, post.id, 1);
  });
}

/**
 * `Undo` of a `Like` or `Announce` by its actor: the row named by the activity's id (Mastodon
 * embeds the activity, others name it) goes, and a like leaves the count. True when the `Undo`
 * was one of these (even when nothing was recorded), so the caller tries nothing else.
 */
export async function undoReaction(
  ctx: InboxContext<void>,
  db: Database,
  undo: Undo,
): Promise<boolean> {
  const actorUri = undo.actorId?.href;
  const activityId = undo.objectId?.href;
  if (!actorUri || !activityId) return false;
  for (const reaction of ['like', 'share'] as const) {
    const table = TABLES[reaction];
    const removed = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(table)
        .where(and(eq(table.actorUri, actorUri), eq(table.activityId, activityId)))
        .returning({ postId: table.postId });
      for (const row of rows) if (reaction === 'like') await moveLikeCount(tx, row.postId, -1);
      return rows.length;
    });
    if (removed > 0) return true;
  }
  // Not by the id we kept: an embedded Like or Announce of a post, by the same actor.
  const object = await undo.getObject(ctx).catch(() => null);
  if (!(object instanceof Like) && !(object instanceof Announce)) return false;
  if (object.actorId?.href !== actorUri) return true;
  // The post may have been gated since: its like still leaves the count.
  const postId = localPostIdOf(ctx, object.objectId);
  if (postId === undefined) return true;
  const table = object instanceof Like ? remotePostLikes : remotePostShares;
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(table)
      .where(and(eq(table.postId, postId), eq(table.actorUri, actorUri)))
      .returning({ postId: table.postId });
    if (rows.length > 0 && object instanceof Like) await moveLikeCount(tx, postId, -1);
  });
  return true;
}
