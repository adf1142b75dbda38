import type {
  draftList,
  presentedPost,
  scheduledDraft,
  scheduledQueue,
  ScheduledDraft,
} from '@zura/contracts';
import type { z } from 'zod';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { nextPagePath } from '../../lib/link-header';
import { POSTS_PAGE_SIZE, type Post, type PostPage } from '../posts';
import { postKeys, scheduledKey } from '../../lib/query-keys';

/** GET /posts/drafts/: the author's drafts, newest first, page by page through `Link`. */
export function draftsQuery() {
  return infiniteQueryOptions({
    queryKey: postKeys.drafts(),
    queryFn: async ({ pageParam, signal }): Promise<PostPage> => {
      const { data, headers } = await api.getWithHeaders<z.infer<typeof draftList>>(pageParam, {
        signal,
      });
      return { posts: data, next: nextPagePath(headers.get('Link')) };
    },
    initialPageParam: `/posts/drafts/?limit=${POSTS_PAGE_SIZE}`,
    getNextPageParam: (lastPage: PostPage) => lastPage.next,
  });
}

/** PATCH /posts/{id}/: new text for an own post, draft or published. */
export function editPost(postId: number, content: string): Promise<Post> {
  return api.patch<z.infer<typeof presentedPost>>(`/posts/${postId}/`, { content });
}

/** POST /posts/{id}/publish/: the draft becomes a post made now. */
export function publishDraft(postId: number): Promise<Post> {
  return api.post<z.infer<typeof presentedPost>>(`/posts/${postId}/publish/`);
}

/** GET /posts/scheduled/: the author's scheduled drafts, soonest first. */
export function scheduledQuery() {
  return queryOptions({
    queryKey: scheduledKey,
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof scheduledQueue>>('/posts/scheduled/', { signal }),
  });
}

/** PATCH /posts/{id}/schedule/: a new time for an own draft (ISO), or null to unschedule. */
export function rescheduleDraft(postId: number, publishAt: string | null): Promise<ScheduledDraft> {
  return api.patch<z.infer<typeof scheduledDraft>>(`/posts/${postId}/schedule/`, {
    publish_at: publishAt,
  });
}
