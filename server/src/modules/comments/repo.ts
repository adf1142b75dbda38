import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { postComments, posts, remoteActors, users } from '../../db/schema/index.ts';
import type { PostCursor } from '../posts/index.ts';
import { visibleTo } from '../users/index.ts';

/** A comment with what a list shows of its author: a local user, or a remote actor. */
const commentColumns = {
  comment: postComments,
  authorUsername: users.username,
  authorAvatarId: users.profileImageId,
  remoteAuthor: {
    handle: remoteActors.handle,
    profileUrl: remoteActors.profileUrl,
    uri: remoteActors.uri,
    displayName: remoteActors.displayName,
  },
};

/** A remote comment's author (`remote_actors`), as its list shows it. */
type RemoteCommentAuthor = {
  handle: string | null;
  profileUrl: string | null;
  uri: string;
  displayName: string | null;
};

export type CommentWithAuthor = {
  comment: typeof postComments.$inferSelect;
  /** Null for a remote actor's comment, which has `remoteAuthor` instead. */
  authorUsername: string | null;
  authorAvatarId: string | null;
  remoteAuthor?: RemoteCommentAuthor | null;
};

function pastCursor(cursor: PostCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${postComments.createdAt}, ${postComments.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::bigint)`;
}

/**
 * A page of comments newest first: a post's top-level ones (`parentId` null) or one comment's
 * replies. Authors hidden from the viewer (a block either way, a suspension) are left out by the
 * query, before the limit, so a page is never short because of them.
 */
export function listComments(
  db: Executor,
  viewerId: number,
  where: { postId: number; parentId: number | null },
  cursor: PostCursor | undefined,
  limit: number,
): Promise<CommentWithAuthor[]> {
  return db
    .select(commentColumns)
    .from(postComments)
    .leftJoin(users, eq(users.id, postComments.authorId))
    .leftJoin(remoteActors, eq(remoteActors.id, postComments.remoteActorId))
    .where(
      and(
        eq(postComments.postId, where.postId),
        where.parentId === null
          ? isNull(postComments.parentId)
          : eq(postComments.parentId, where.parentId),
        visibleTo(viewerId, postComments.authorId),
        pastCursor(cursor),
      ),
    )
    .orderBy(desc(postComments.createdAt), desc(postComments.id))
    .limit(limit);
}

/** One comment with its author, if the viewer may see its author. */
export async function findComment(db: Executor, viewerId: number, commentId: number) {
  const [row] = await db
    .select(commentColumns)
    .from(postComments)
    .leftJoin(users, eq(users.id, postComments.authorId))
    .leftJoin(remoteActors, eq(remoteActors.id, postComments.remoteActorId))
    .where(and(eq(postComments.id, commentId), visibleTo(viewerId, postComments.authorId)))
    .limit(1);
  return row;
}

export async function findCommentAuthor(db: Executor, commentId: number) {
  const [row] = await db
    .select({ comment: postComments, authorUsername: users.username })
    .from(postComments)
    .leftJoin(users, eq(users.id, postComments.authorId))
    .where(eq(postComments.id, commentId))
    .limit(1);
  return row;
}

/**
 * Counts one more reply on a top-level comment of the post, holding its row until commit so a
 * parallel delete of it waits (and then removes this reply too, counted). Undefined when there is
 * no such top-level comment.
 */
export async function countReply(db: Executor, postId: number, parentId: number) {
  const [row] = await db
    .update(postComments)
    .set({ replyCount: sql`${postComments.replyCount} + 1` })
    .where(
      and(
        eq(postComments.id, parentId),
        eq(postComments.postId, postId),
        isNull(postComments.parentId),
      ),
    )
    .returning({ id: postComments.id });
  return row;
}

export async function insertComment(db: Executor, values: typeof postComments.$inferInsert) {
  const [row] = await db.insert(postComments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Counts a new comment on a post whose comments are on; undefined when they are off (checked
 * under the post's row lock, so a switch turned off meanwhile cannot be slipped past).
 */
export async function countNewComment(db: Executor, postId: number) {
  const [row] = await db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + 1` })
    .where(and(eq(posts.id, postId), eq(posts.commentsEnabled, true)))
    .returning({ commentCount: posts.commentCount });
  return row?.commentCount;
}

/** Adds `delta` to the post's comment count; answers the new count and the post's author. */
export async function addToCommentCount(db: Executor, postId: number, delta: number) {
  const [row] = await db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ commentCount: posts.commentCount, authorId: posts.authorId });
  if (!row) throw new Error('the post of a comment is gone');
  return row;
}

export async function updateContent(db: Executor, commentId: number, content: string) {
  const [row] = await db
    .update(postComments)
    .set({ content, editedAt: sql`now()` })
    .where(eq(postComments.id, commentId))
    .returning();
  return row;
}

/** Holds the comment's row until commit: no reply can be added to it meanwhile. */
export async function lockComment(db: Executor, commentId: number) {
  const [row] = await db
    .select()
    .from(postComments)
    .where(eq(postComments.id, commentId))
    .for('update');
  return row;
}

/** Deletes a comment and its replies; answers how many rows went. */
export async function deleteWithReplies(db: Executor, commentId: number): Promise<number> {
  const rows = await db
    .delete(postComments)
    .where(or(eq(postComments.id, commentId), eq(postComments.parentId, commentId)))
    .returning({ id: postComments.id });
  return rows.length;
}

export async function uncountReply(db: Executor, parentId: number) {
  await db
    .update(postComments)
    .set({ replyCount: sql`${postComments.replyCount} - 1` })
    .where(eq(postComments.id, parentId));
}

/** Locks the post's row and answers its comment settings. */
export async function setCommentsEnabled(db: Executor, postId: number, enabled: boolean) {
  const [row] = await db
    .update(posts)
    .set({ commentsEnabled: enabled })
    .where(eq(posts.id, postId))
    .returning({ commentsEnabled: posts.commentsEnabled, commentCount: posts.commentCount });
  return row;
}

/** Users named in a comment, by lower-case username. */
export function findUsersByUsernames(db: Executor, usernames: string[]) {
  if (usernames.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, usernames));
}
