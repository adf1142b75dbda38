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
  const remote = row.remoteAuthor;
  if (comment.authorId === null && remote) {
    const handle = remote.handle ?? remote.uri;
    return {
      ...common(comment, viewerId, postAuthorId),
      // The spec's author fields stay filled: id 0 is no local user; the web links `remote_author`.
      author: { id: 0, username: handle, profile_image: null, profile_image_small: null },
      remote_author: {
        handle,
        profile_url: remote.profileUrl ?? remote.uri,
        display_name: remote.displayName,
      },
    };
  }
  return {
    ...common(comment, viewerId, postAuthorId),
    author: {
      id: comment.authorId ?? 0,
      username: row.authorUsername ?? '',
      profile_image: row.authorAvatarId ? signer.url(row.authorAvatarId, 'original') : null,
      profile_image_small: row.authorAvatarId ? signer.url(row.authorAvatarId, 'avatar') : null,
    },
  };
}

/** What every comment says, whoever wrote it. */
function common(comment: CommentWithAuthor['comment'], viewerId: number, postAuthorId: number) {
  return {
    id: comment.id,
    post_id: comment.postId,
    parent_id: comment.parentId,
    content: comment.content,
    created_at: comment.createdAt.toISOString(),
    edited_at: comment.editedAt?.toISOString() ?? null,
    reply_count: comment.replyCount,
    can_edit: comment.authorId === viewerId,
    can_delete: canDeleteComment(comment, postAuthorId, viewerId),
  };
}
