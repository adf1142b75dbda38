import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import type { MediaSigner } from '../media/index.ts';
import type { Notify } from '../notifications/index.ts';
import {
  encodeCursor,
  type PostCursor,
  isPostPublishedFor,
  presentPost,
  type PostsService,
} from '../posts/index.ts';
import { findUserById, hiddenFrom } from '../users/index.ts';
import { recordLikeNotice } from './notices.ts';
import * as repo from './repo.ts';

export type LikesService = ReturnType<typeof createLikesService>;

export function createLikesService(deps: {
  db: Database;
  changes: ChangeNotices;
  bus: EventBus;
  rateLimits: RateLimits;
  signer: MediaSigner;
  posts: PostsService;
  notify: Notify;
}) {
  const { db, changes, bus, rateLimits, signer, posts, notify } = deps;

  /**
   * Tells every open feed watching the post (on any instance) its current counts, read from the
   * post's row. The comments module calls it too. Nothing is sent for a post that is gone.
   */
  async function postCountsChanged(postId: number) {
    const counts = await repo.countsOf(db, postId);
    if (!counts) return;
    // Kept feed pages on this instance show them at once; the database's notice tells the rest.
    changes.announce({ kind: 'post_counts', postId, ...counts });
    await bus.publish([
      {
        postId,
        frame: {
          type: 'post_counts',
          post_id: postId,
          like_count: counts.likeCount,
          comment_count: counts.commentCount,
        },
      },
    ]);
  }

  /**
   * The post, if the viewer may like it: the post routes' visibility (a block either way, a
   * suspension, a locked profile not unlocked, a video still processing: 404 as if absent), and
   * never a draft. A subscription or password the viewer lacks does not stop a like: liking
   * needs the post to be listed, not opened (docs/ARCHITECTURE.md).
   */
  async function likeablePost(viewerId: number, postId: number) {
    const row = await posts.findVisiblePost(viewerId, postId);
    if (!row || row.post.isDraft) throw new NotFoundError('Post not found.');
    return row.post;
  }

  return {
    postCountsChanged,
    postAudience: (postId: number, userIds: number[]) => repo.usersSeeingPost(db, postId, userIds),

    /** Idempotent: liking twice keeps one like; the author hears of the first time only. */
    async like(viewerId: number, postId: number) {
      await rateLimits.consume('likesPerUser', String(viewerId));
      const post = await likeablePost(viewerId, postId);
      const liker = await findUserById(db, viewerId);
      const result = await db.transaction(async (tx) => {
        if (!(await repo.insertLike(tx, post.id, viewerId))) {
          return { changed: false, likeCount: await repo.likeCountOf(tx, post.id) };
        }
        const likeCount = await repo.moveLikeCount(tx, post.id, 1);
        const notice =
          post.authorId === viewerId
            ? undefined
            : await recordLikeNotice(tx, {
                postId: post.id,
                authorId: post.authorId,
                likerId: viewerId,
                likerUsername: liker?.username ?? 'Someone',
              });
        return { changed: true, likeCount, notice };
      });
      if (result.changed) {
        changes.announce({ kind: 'viewer_changed', userId: viewerId });
        await postCountsChanged(post.id);
      }
      if (result.notice) await notify([result.notice]);
      return { liked: true, like_count: result.likeCount };
    },

    /** Idempotent; an unlike tells nobody but the open feeds' counts. */
    async unlike(viewerId: number, postId: number) {
      await rateLimits.consume('likesPerUser', String(viewerId));
      const post = await likeablePost(viewerId, postId);
      const result = await db.transaction(async (tx) => {
        if (!(await repo.deleteLike(tx, post.id, viewerId))) {
          return { changed: false, likeCount: await repo.likeCountOf(tx, post.id) };
        }
        return { changed: true, likeCount: await repo.moveLikeCount(tx, post.id, -1) };
      });
      if (result.changed) {
        changes.announce({ kind: 'viewer_changed', userId: viewerId });
        await postCountsChanged(post.id);
      }
      return { liked: false, like_count: result.likeCount };
    },

    /**
     * "Posts I liked", newest like first, keyset-paged over (liked at, post id): only posts still
     * listed for the viewer, each presented as the feed presents it (content gated the same way).
     */
    async liked(viewerId: number, cursor: PostCursor | undefined, limit: number) {
      const likes = await repo.likedPage(db, viewerId, cursor, limit);
      const ids = likes.map((like) => like.postId);
      const rows = ids.length > 0 ? await repo.likedPostRows(db, viewerId, ids) : [];
      // Filtered in SQL already; the feeds' own rule applied again, so both can never disagree.
      const hidden = await hiddenFrom(
        db,
        viewerId,
        rows.map((row) => row.post.authorId),
      );
      const byId = new Map(rows.map((row) => [row.post.id, row]));
      const mark = await posts.viewerMarkFor(viewerId, rows);
      const last = likes.at(-1);
      return {
        posts: likes.flatMap((like) => {
          const row = byId.get(like.postId);
          if (!row || hidden.has(row.post.authorId) || !isPostPublishedFor(row, viewerId))
            return [];
          return [presentPost(row, viewerId, signer, mark)];
        }),
        nextCursor:
          likes.length === limit && last
            ? encodeCursor({ createdAt: last.likedAt, id: last.postId })
            : undefined,
      };
    },
  };
}
