import { infiniteQueryOptions } from '@tanstack/react-query';
import { client, followLink, type Answer } from '../../../lib/api-client';
import { nextPageHref, POSTS_PAGE_SIZE, toPostPage, type PostPage } from '../api';
import { postKeys } from '../../../lib/query-keys';

export const likedPostsKey = [...postKeys.all, 'liked'] as const;

/** PUT (like) or DELETE (unlike) /posts/{id}/like/: both idempotent; the new count comes back. */
export function setLiked(
  postId: number,
  liked: boolean,
): Promise<Answer<'/api/posts/{id}/like/', 'put'> | Answer<'/api/posts/{id}/like/', 'delete'>> {
  const options = { path: { id: postId } };
  return liked
    ? client.PUT('/api/posts/{id}/like/', options)
    : client.DELETE('/api/posts/{id}/like/', options);
}

/** GET /posts/liked/: the viewer's liked posts still visible to them, newest like first. */
export function likedPostsQuery() {
  return infiniteQueryOptions({
    queryKey: likedPostsKey,
    // The server serializes through the contract's `presentedPosts`: the feed's own post type.
    queryFn: async ({ pageParam, signal }) =>
      toPostPage(
        pageParam
          ? await followLink('/api/posts/liked/', nextPageHref(pageParam), { signal })
          : await client.withHeaders.GET('/api/posts/liked/', {
              query: { limit: POSTS_PAGE_SIZE },
              signal,
            }),
      ),
    initialPageParam: '',
    getNextPageParam: (lastPage: PostPage) => lastPage.next,
  });
}
