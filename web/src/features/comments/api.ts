import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import {
  comment,
  commentCreated,
  commentDeleted,
  commentPage,
  COMMENTS_PAGE_DEFAULT,
  commentSettings,
  type CommentPage,
} from '@zura/contracts';
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
      api.get(
        `${path}?limit=${COMMENTS_PAGE_DEFAULT}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: commentPage, signal },
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
  return api.post(
    `/posts/${postId}/comments/`,
    { content, ...(parentId === undefined ? {} : { parent_id: parentId }) },
    { schema: commentCreated },
  );
}

export function editComment(commentId: number, content: string) {
  return api.patch(`/comments/${commentId}/`, { content }, { schema: comment });
}

export function deleteComment(commentId: number) {
  return api.delete(`/comments/${commentId}/`, { schema: commentDeleted });
}

export function setCommentsEnabled(postId: number, enabled: boolean) {
  return api.patch(
    `/posts/${postId}/comments/settings/`,
    { comments_enabled: enabled },
    { schema: commentSettings },
  );
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
