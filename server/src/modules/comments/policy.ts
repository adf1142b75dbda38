import { type PostAccess, needsSubscription } from '../posts/index.ts';

/** Why a viewer who knows the post exists may not read or write its comments. */
export function commentsRefusal(access: PostAccess, viewerId: number): string {
  return needsSubscription(access, viewerId)
    ? 'Subscribe to this creator to see and write comments on their posts.'
    : 'Unlock this post to see and write comments.';
}

export const COMMENTS_OFF = 'Comments are turned off for this post.';
export const COMMENT_NOT_FOUND = 'Comment not found.';
export const POST_NOT_FOUND = 'Post not found.';

/** A comment may be deleted by whoever wrote it and by the author of the post it is on. */
export function canDeleteComment(
  comment: { authorId: number | null },
  postAuthorId: number,
  viewerId: number,
): boolean {
  return comment.authorId === viewerId || postAuthorId === viewerId;
}

/** An excerpt of a comment for a notification's text. */
export function excerpt(content: string, max = 80): string {
  const flat = content.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
