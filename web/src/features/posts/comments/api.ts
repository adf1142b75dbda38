import { infiniteQueryOptions } from '@tanstack/react-query';
import { COMMENTS_PAGE_DEFAULT, commentCreated } from '@zura/contracts';
import { client, type Answer } from '../../../lib/api-client';

export const commentKeys = {
  all: ['comments'] as const,
  post: (postId: number) => [...commentKeys.all, 'post', postId] as const,
  replies: (commentId: number) => [...commentKeys.all, 'replies', commentId] as const,
};

/** One page of comments (or of replies), newest first, and the cursor of the next one. */
export type CommentPage = Answer<'/api/posts/{id}/comments/', 'get'>;

/** A page's query: the first page without a cursor, each next one `before` the last's `next`. */
function pageQuery(
  queryKey: readonly unknown[],
  fetchPage: (before: string | undefined, signal: AbortSignal) => Promise<CommentPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam || undefined, signal),
    initialPageParam: '',
    getNextPageParam: (last: CommentPage) => last.next ?? undefined,
  });
}

/** GET /posts/{id}/comments/: top-level comments, newest first, page by page. */
export function commentsQuery(postId: number) {
  return pageQuery(commentKeys.post(postId), (before, signal) =>
    client.GET('/api/posts/{id}/comments/', {
      path: { id: postId },
      query: { limit: COMMENTS_PAGE_DEFAULT, before },
      signal,
    }),
  );
}

/** GET /comments/{id}/replies/: one comment's replies, newest first. */
export function repliesQuery(commentId: number) {
  return pageQuery(commentKeys.replies(commentId), (before, signal) =>
    client.GET('/api/comments/{id}/replies/', {
      path: { id: commentId },
      query: { limit: COMMENTS_PAGE_DEFAULT, before },
      signal,
    }),
  );
}

/** POST /posts/{id}/comments/: the new comment and the post's new count, read by the contract. */
export function createComment(postId: number, content: string, parentId?: number) {
  return client.POST('/api/posts/{id}/comments/', {
    path: { id: postId },
    body: { content, ...(parentId === undefined ? {} : { parent_id: parentId }) },
    schema: commentCreated,
  });
}

export function editComment(commentId: number, content: string) {
  return client.PATCH('/api/comments/{id}/', { path: { id: commentId }, body: { content } });
}

export function deleteComment(commentId: number) {
  return client.DELETE('/api/comments/{id}/', { path: { id: commentId } });
}

export function setCommentsEnabled(postId: number, enabled: boolean) {
  return client.PATCH('/api/posts/{id}/comments/settings/', {
    path: { id: postId },
    body: { comments_enabled: enabled },
  });
}
