import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { LikeState } from '@zura/contracts';
import { api } from '../../lib/api';
import { nextPagePath } from '../../lib/link-header';
import { POSTS_PAGE_SIZE, postKeys, type Post, type PostPage, type PostPages } from '../posts/api';

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

export type EngagementPatch = Partial<Pick<Post, 'like_count' | 'comment_count' | 'liked_by_me'>>;

/** The pages with `patch` applied to the post `postId` (a copy; untouched pages kept as they are). */
export function patchPost(
  data: PostPages | undefined,
  postId: number,
  patch: EngagementPatch,
): PostPages | undefined {
  if (!data?.pages) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    // Other queries live under the same key prefix: only lists of posts are touched.
    if (!Array.isArray(page.posts) || !page.posts.some((item) => item.id === postId)) return page;
    changed = true;
    return {
      ...page,
      posts: page.posts.map((item) => (item.id === postId ? { ...item, ...patch } : item)),
    };
  });
  return changed ? { ...data, pages } : data;
}

/** Applies `patch` to the post wherever a post list in the cache holds it (feed, profiles, liked). */
export function patchPostEverywhere(
  queryClient: QueryClient,
  postId: number,
  patch: EngagementPatch,
) {
  queryClient.setQueriesData<PostPages>({ queryKey: postKeys.all }, (data) =>
    patchPost(data, postId, patch),
  );
}

/** The post's counts and like as the cache holds them now, to restore after a failed like. */
export function snapshotPost(
  queryClient: QueryClient,
  postId: number,
): EngagementPatch | undefined {
  for (const [, data] of queryClient.getQueriesData<PostPages>({ queryKey: postKeys.all })) {
    for (const page of data?.pages ?? []) {
      const found = page.posts?.find((item) => item.id === postId);
      if (found) {
        return {
          like_count: found.like_count,
          comment_count: found.comment_count,
          liked_by_me: found.liked_by_me,
        };
      }
    }
  }
  return undefined;
}
