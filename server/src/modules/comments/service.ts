import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database, Executor } from '../../db/client.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import type { MediaSigner } from '../media/index.ts';
import { recordNotices, type Notify } from '../notifications/index.ts';
import {
  encodeCursor,
  type PostCursor,
  canSeePostContent,
  type PostsService,
} from '../posts/index.ts';
import { findUserById } from '../users/index.ts';
import { commentNotices } from './notices.ts';
import {
  canDeleteComment,
  COMMENT_NOT_FOUND,
  COMMENTS_OFF,
  commentsRefusal,
  POST_NOT_FOUND,
} from './policy.ts';
import { presentComment } from './presenter.ts';
import * as repo from './repo.ts';

export type CommentsService = ReturnType<typeof createCommentsService>;

export function createCommentsService(deps: {
  db: Database;
  posts: PostsService;
  rateLimits: RateLimits;
  signer: MediaSigner;
  changes: ChangeNotices;
  notify: Notify;
  /** Called after a post's comment_count changed, for live counts on open feeds. */
  onCountsChanged?: (postId: number) => void;
}) {
  const { db, posts, rateLimits, signer, changes, notify } = deps;

  /**
   * The post, if the viewer may read and write its comments: exactly when they may see its
   * content (the posts module's rule: profile, blocks, suspension, subscription, password,
   * video not ready). A post they may not know of is a 404; one they may know of but not open
   * is a 403 that says what opens it.
   */
  async function openPost(viewerId: number, postId: number) {
    const row = await posts.findVisiblePost(viewerId, postId);
    if (!row || (row.post.isDraft && row.post.authorId !== viewerId)) {
      throw new NotFoundError(POST_NOT_FOUND);
    }
    if (!canSeePostContent(row, viewerId)) throw new ForbiddenError(commentsRefusal(row, viewerId));
    return row.post;
  }

  /** A comment the viewer may see, with the post it is on (opened for the viewer). */
  async function openComment(viewerId: number, commentId: number) {
    const row = await repo.findComment(db, viewerId, commentId);
    if (!row) throw new NotFoundError(COMMENT_NOT_FOUND);
    const post = await openPost(viewerId, row.comment.postId);
    return { row, post };
  }

  function countsChanged(post: { id: number; authorId: number }) {
    // Feed pages read current counts themselves (posts/viewer-facts.ts), so the kept feed copies
    // stay as they are; open feeds watching the post hear the new count.
    deps.onCountsChanged?.(post.id);
  }

  async function page(
    viewerId: number,
    post: { id: number; authorId: number; commentsEnabled: boolean; commentCount: number },
    parentId: number | null,
    cursor: PostCursor | undefined,
    limit: number,
  ) {
    const rows = await repo.listComments(
      db,
      viewerId,
      { postId: post.id, parentId },
      cursor,
      limit,
    );
    const last = rows.at(-1);
    return {
      results: rows.map((row) => presentComment(row, viewerId, post.authorId, signer)),
      next: rows.length === limit && last ? encodeCursor(last.comment) : null,
      comments_enabled: post.commentsEnabled,
      comment_count: post.commentCount,
    };
  }

  /** Writes the notifications of a new comment and pushes them live. */
  async function tellAbout(
    post: Awaited<ReturnType<typeof openPost>>,
    writer: { id: number; username: string },
    comment: Parameters<typeof commentNotices>[2]['comment'],
  ) {
    const notices = await commentNotices(db, posts, { post, writer, comment });
    const rows = await recordNotices(db, notices);
    if (rows.length > 0) await notify(rows);
  }

  return {
    async list(viewerId: number, postId: number, cursor: PostCursor | undefined, limit: number) {
      const post = await openPost(viewerId, postId);
      return page(viewerId, post, null, cursor, limit);
    },

    async replies(
      viewerId: number,
      commentId: number,
      cursor: PostCursor | undefined,
      limit: number,
    ) {
      const { row, post } = await openComment(viewerId, commentId);
      // Replies hang off top-level comments only: a reply's "replies" are its parent's.
      const parentId = row.comment.parentId ?? row.comment.id;
      return page(viewerId, post, parentId, cursor, limit);
    },

    async create(
      writerId: number,
      postId: number,
      input: { content: string; parentId: number | undefined },
    ) {
      await rateLimits.consume('commentsPerUser', String(writerId));
      const post = await openPost(writerId, postId);
      const writer = await findUserById(db, writerId);
      if (!writer) throw new NotFoundError('User not found');
      if (!post.commentsEnabled) throw new ForbiddenError(COMMENTS_OFF);
      let parentId: number | null = null;
      if (input.parentId !== undefined) {
        const parent = await repo.findComment(db, writerId, input.parentId);
        if (!parent || parent.comment.postId !== post.id) {
          throw new ValidationError({ parent_id: ['There is no such comment on this post.'] });
        }
        // One level of threads: a reply to a reply joins its top-level comment.
        parentId = parent.comment.parentId ?? parent.comment.id;
      }
      const { comment, count } = await db.transaction(async (tx) => {
        // The parent first, as deletes take it first: no deadlock, and no reply to a comment
        // being deleted slips past its count.
        if (parentId !== null && !(await repo.countReply(tx, post.id, parentId))) {
          throw new ValidationError({ parent_id: ['There is no such comment on this post.'] });
        }
        const inserted = await repo.insertComment(tx, {
          postId: post.id,
          authorId: writerId,
          parentId,
          content: input.content,
        });
        const commentCount = await repo.countNewComment(tx, post.id);
        if (commentCount === undefined) throw new ForbiddenError(COMMENTS_OFF);
        return { comment: inserted, count: commentCount };
      });
      countsChanged(post);
      await tellAbout(post, writer, comment);
      // Presented as written: a parallel delete of its thread may already have removed it.
      const row = {
        comment,
        authorUsername: writer.username,
        authorAvatarId: writer.profileImageId,
      };
      return {
        comment: presentComment(row, writerId, post.authorId, signer),
        comment_count: count,
      };
    },

    async edit(viewerId: number, commentId: number, content: string) {
      await rateLimits.consume('commentsPerUser', String(viewerId));
      const { row, post } = await openComment(viewerId, commentId);
      if (row.comment.authorId !== viewerId) {
        throw new ForbiddenError('You can only edit your own comments.');
      }
      const updated = await repo.updateContent(db, commentId, content);
      if (!updated) throw new NotFoundError(COMMENT_NOT_FOUND);
      return presentComment({ ...row, comment: updated }, viewerId, post.authorId, signer);
    },

    async remove(viewerId: number, commentId: number) {
      const { row, post } = await openComment(viewerId, commentId);
      if (!canDeleteComment(row.comment, post.authorId, viewerId)) {
        throw new ForbiddenError('You can only delete your own comments, or any on your posts.');
      }
      const result = await db.transaction((tx) => deleteWithin(tx, commentId));
      if (!result) throw new NotFoundError(COMMENT_NOT_FOUND);
      countsChanged(post);
      return { deleted: result.deleted, comment_count: result.commentCount };
    },

    /** For moderators: removes a reported comment inside their transaction. */
    deleteWithin,

    /** After a moderator's removal has committed. */
    afterRemoval: (removal: { post: { id: number; authorId: number } }) =>
      countsChanged(removal.post),

    /** The comment, if the viewer may see it and the post it is on; for reports. */
    async visibleComment(viewerId: number, commentId: number) {
      try {
        return (await openComment(viewerId, commentId)).row.comment;
      } catch (error) {
        if (error instanceof NotFoundError || error instanceof ForbiddenError) return undefined;
        throw error;
      }
    },

    async settings(viewerId: number, postId: number, enabled: boolean) {
      const row = await posts.findVisiblePost(viewerId, postId);
      if (!row) throw new NotFoundError(POST_NOT_FOUND);
      if (row.post.authorId !== viewerId) {
        throw new ForbiddenError('Only the author of the post can turn its comments on or off.');
      }
      const updated = await repo.setCommentsEnabled(db, postId, enabled);
      if (!updated) throw new NotFoundError(POST_NOT_FOUND);
      changes.announce({ kind: 'posts_changed', userId: viewerId });
      return { comments_enabled: updated.commentsEnabled, comment_count: updated.commentCount };
    },
  };
}

/**
 * Deletes a comment, with its replies when it is a top-level one, and keeps the counts exact in
 * the same transaction. The top-level comment is locked first (as a new reply locks it), so a
 * reply written meanwhile is either counted and deleted here or refused. Undefined when the
 * comment is already gone.
 */
export async function deleteWithin(tx: Executor, commentId: number) {
  const target = await repo.findCommentAuthor(tx, commentId);
  if (!target) return undefined;
  const { parentId, postId } = target.comment;
  const locked = await repo.lockComment(tx, parentId ?? commentId);
  if (!locked) return undefined;
  const deleted = await repo.deleteWithReplies(tx, commentId);
  if (deleted === 0) return undefined;
  if (parentId !== null) await repo.uncountReply(tx, parentId);
  const { commentCount, authorId } = await repo.addToCommentCount(tx, postId, -deleted);
  return { deleted, commentCount, post: { id: postId, authorId } };
}
