import type { PostEdit } from '@zura/contracts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { MediaSigner } from '../media/index.ts';
import { encodeCursor, type PostCursor } from './cursor.ts';
import * as draftsRepo from './drafts-repo.ts';
import { placeholderContent, POST_MAX_LENGTH } from './policy.ts';
import { presentPost } from './presenter.ts';
import * as repo from './repo.ts';
import type { PostPage, PostsService } from './service.ts';

const NOT_FOUND = 'Post not found.';

/**
 * Drafts and edits: an author's unfinished posts (created with `is_draft`), the text of an own
 * post changed in place, and a draft published as a post made now. A draft is its author's
 * alone everywhere else (`isPostPublishedFor`, and the feed queries leave drafts out).
 */
export function createPostDrafts(deps: {
  db: Database;
  signer: MediaSigner;
  changes: ChangeNotices;
  posts: PostsService;
}) {
  const { db, signer, changes, posts } = deps;

  /** The post as its author sees it now. */
  async function presentOwn(authorId: number, postId: number) {
    const row = await repo.findPostFor(db, authorId, postId);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return presentPost(row, authorId, signer, undefined);
  }

  /**
   * Someone else's post answers as a missing one does when the caller may not see it, and as
   * forbidden when they may: editing or publishing never tells that a hidden post exists.
   */
  async function refuseOthers(userId: number, postId: number): Promise<never> {
    if (await posts.findVisiblePost(userId, postId)) {
      throw new ForbiddenError('You can only change your own posts.');
    }
    throw new NotFoundError(NOT_FOUND);
  }

  return {
    async list(authorId: number, cursor: PostCursor | undefined, limit: number): Promise<PostPage> {
      const ids = await draftsRepo.listDraftIds(db, authorId, cursor, limit);
      const rows = await Promise.all(ids.map((id) => repo.findPostFor(db, authorId, id)));
      const found = rows.flatMap((row) => (row ? [row] : []));
      const last = found.at(-1);
      return {
        posts: found.map((row) => presentPost(row, authorId, signer, undefined)),
        nextCursor: ids.length === limit && last ? encodeCursor(last.post) : undefined,
      };
    },

    /**
     * New text or visible mark for an own post, draft or published; a published post keeps its
     * place. The mark's change reaches viewers as new URLs of new copies (issue 35).
     */
    async edit(userId: number, postId: number, change: PostEdit) {
      const own = await draftsRepo.findOwnPost(db, userId, postId);
      if (!own) return refuseOthers(userId, postId);
      const values: { content?: string; visibleMark?: boolean | null } = {};
      if (change.content !== undefined) values.content = contentOf(own, change.content);
      if (change.visible_mark !== undefined) values.visibleMark = change.visible_mark;
      if (!(await draftsRepo.updateOwnPost(db, userId, postId, values))) {
        throw new NotFoundError(NOT_FOUND);
      }
      changes.announce({ kind: 'posts_changed', userId });
      return presentOwn(userId, postId);
    },

    /** The draft becomes a post made now: on top of the feeds, seen by everyone allowed. */
    async publish(userId: number, postId: number) {
      const own = await draftsRepo.findOwnPost(db, userId, postId);
      if (!own) return refuseOthers(userId, postId);
      if (!(await draftsRepo.publishOwnDraft(db, userId, postId))) {
        throw new ConflictError('This post is already published.');
      }
      changes.announce({ kind: 'posts_changed', userId });
      return presentOwn(userId, postId);
    },
  };
}

export type PostDrafts = ReturnType<typeof createPostDrafts>;

/** The text an edit stores: checked as a new post's is, the placeholder for media alone. */
function contentOf(own: { imageId: string | null; videoId: string | null }, raw: string) {
  const content = raw.trim();
  const hasMedia = own.imageId !== null || own.videoId !== null;
  if (content.length > POST_MAX_LENGTH) {
    throw new ValidationError({
      content: [`Posts can be at most ${POST_MAX_LENGTH} characters long.`],
    });
  }
  if (!content && !hasMedia) {
    throw new ValidationError({ content: ['Write something or attach an image or a video.'] });
  }
  return content || placeholderContent(own.videoId ? 'video' : 'image');
}
