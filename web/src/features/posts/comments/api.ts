import { infiniteQueryOptions } from '@tanstack/react-query';
import type {
  comment,
  commentDeleted,
  commentPage,
  commentSettings,
  CommentPage,
} from '@zura/contracts';
import { COMMENTS_PAGE_DEFAULT, commentCreated } from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export const commentKeys = {
  all: ['comments'] as const,
  post: (postId: number) => [...commentKeys.all, 'post', postId] as const,
  replies: (commentId: number) => [...commentKeys.all, 'replies', commentId] as const,
};

function pageQuery(queryKey: readonly unknown[], path: string) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<z.infer<typeof commentPage>>(
        `${path}?limit=${COMMENTS_PAGE_DEFAULT}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last: CommentPage) => last.next ?? undefined,
  });
}

/** GET /posts/{id}/comments/: top-level comments, newest first, page by page. */
export function commentsQuery(postId: number) {
  return pageQuery(commentKeys.post(postId), `/posts/${postId}/comments/`);
}

/** GET /comments/{id}/replies/: one comment's replies, newest first. */
export function repliesQuery(commentId: number) {
  return pageQuery(commentKeys.replies(commentId), `/comments/${commentId}/replies/`);
}

/** POST /posts/{id}/comments/: the new comment and the post's new count, read by the contract. */
export function createComment(postId: number, content: string, parentId?: number) {
  return api.post(
    `/posts/${postId}/comments/`,
    { content, ...(parentId === undefined ? {} : { parent_id: parentId }) },
    { schema: commentCreated },
  );
}

export function editComment(commentId: number, content: string) {
  return api.patch<z.infer<typeof comment>>(`/comments/${commentId}/`, { content });
}

export function deleteComment(commentId: number) {
  return api.delete<z.infer<typeof commentDeleted>>(`/comments/${commentId}/`);
}

export function setCommentsEnabled(postId: number, enabled: boolean) {
  return api.patch<z.infer<typeof commentSettings>>(`/posts/${postId}/comments/settings/`, {
    comments_enabled: enabled,
  });
}
