import type { Comment } from '@zura/contracts';
import type { MediaSigner } from '../media/index.ts';
import { canDeleteComment } from './policy.ts';
import type { CommentWithAuthor } from './repo.ts';

/** A comment as one viewer sees it: what they may do with it is said, not guessed. */
export function presentComment(
  row: CommentWithAuthor,
  viewerId: number,
  postAuthorId: number,
  signer: MediaSigner,
): Comment {
  const { comment } = row;
  return {
    id: comment.id,
    post_id: comment.postId,
    parent_id: comment.parentId,
    content: comment.content,
    author: {
      id: comment.authorId,
      username: row.authorUsername,
      profile_image: row.authorAvatarId ? signer.url(row.authorAvatarId, 'original') : null,
      profile_image_small: row.authorAvatarId ? signer.url(row.authorAvatarId, 'avatar') : null,
    },
    created_at: comment.createdAt.toISOString(),
    edited_at: comment.editedAt?.toISOString() ?? null,
    reply_count: comment.replyCount,
    can_edit: comment.authorId === viewerId,
    can_delete: canDeleteComment(comment, postAuthorId, viewerId),
  };
}
