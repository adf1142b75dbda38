import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  comment,
  commentCreated,
  commentDeleted,
  commentPage,
  commentSettings,
  CommentPage,
} from '@zura/contracts';
import { COMMENTS_PAGE_DEFAULT } from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { postKeys, type PostPages } from '../posts/api';

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

export function createComment(postId: number, content: string, parentId?: number) {
  return api.post<z.infer<typeof commentCreated>>(`/posts/${postId}/comments/`, {
    content,
    ...(parentId === undefined ? {} : { parent_id: parentId }),
  });
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

/** What a comment action changes on the post itself, as the feeds show it. */
export interface PostCommentState {
  comment_count?: number;
  comments_enabled?: boolean;
}

/** Writes the post's new comment count or switch into every cached feed that holds it. */
export function patchPostInFeeds(client: QueryClient, postId: number, patch: PostCommentState) {
  client.setQueriesData<PostPages>(
    { queryKey: postKeys.all },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          posts: page.posts.map((post) => (post.id === postId ? { ...post, ...patch } : post)),
        })),
      },
  );
}
