import { draftList, presentedPost } from '@zura/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { nextPagePath } from '../../lib/link-header';
import { POSTS_PAGE_SIZE, postKeys, type Post, type PostPage } from '../posts/api';

/** GET /posts/drafts/: the author's drafts, newest first, page by page through `Link`. */
export function draftsQuery() {
  return infiniteQueryOptions({
    queryKey: postKeys.drafts(),
    queryFn: async ({ pageParam, signal }): Promise<PostPage> => {
      const { data, headers } = await api.getWithHeaders(pageParam, { schema: draftList, signal });
      return { posts: data, next: nextPagePath(headers.get('Link')) };
    },
    initialPageParam: `/posts/drafts/?limit=${POSTS_PAGE_SIZE}`,
    getNextPageParam: (lastPage: PostPage) => lastPage.next,
  });
}

/** PATCH /posts/{id}/: new text for an own post, draft or published. */
export function editPost(postId: number, content: string): Promise<Post> {
  return api.patch(`/posts/${postId}/`, { content }, { schema: presentedPost });
}

/** POST /posts/{id}/publish/: the draft becomes a post made now. */
export function publishDraft(postId: number): Promise<Post> {
  return api.post(`/posts/${postId}/publish/`, undefined, { schema: presentedPost });
}
