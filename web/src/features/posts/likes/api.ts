import { infiniteQueryOptions } from '@tanstack/react-query';
import type { LikeState } from '@zura/contracts';
import { api } from '../../../lib/api';
import { nextPagePath } from '../../../lib/link-header';
import { POSTS_PAGE_SIZE, type Post, type PostPage } from '../api';
import { postKeys } from '../../../lib/query-keys';

export const likedPostsKey = [...postKeys.all, 'liked'] as const;

/** PUT (like) or DELETE (unlike) /posts/{id}/like/: both idempotent; the new count comes back. */
export function setLiked(postId: number, liked: boolean): Promise<LikeState> {
  const path = `/posts/${postId}/like/`;
  return liked ? api.put<LikeState>(path, undefined) : api.delete<LikeState>(path);
}

async function fetchLikedPage(path: string, signal: AbortSignal): Promise<PostPage> {
  // The server serializes through the contract's `presentedPosts`: the feed's own post type.
  const { data, headers } = await api.getWithHeaders<Post[]>(path, { signal });
  return { posts: data, next: nextPagePath(headers.get('Link')) };
}

/** GET /posts/liked/: the viewer's liked posts still visible to them, newest like first. */
export function likedPostsQuery() {
  return infiniteQueryOptions({
    queryKey: likedPostsKey,
    queryFn: ({ pageParam, signal }) => fetchLikedPage(pageParam, signal),
    initialPageParam: `/posts/liked/?limit=${POSTS_PAGE_SIZE}`,
    getNextPageParam: (lastPage: PostPage) => lastPage.next,
  });
}
