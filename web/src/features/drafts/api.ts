import type { ScheduledDraft } from '@zura/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { API_BASE } from '../../lib/api';
import { client, followLink } from '../../lib/api-client';
import { nextPagePath } from '../../lib/link-header';
import { POSTS_PAGE_SIZE, type Post, type PostPage } from '../posts';
import { postKeys, scheduledKey } from '../../lib/query-keys';

/** GET /posts/drafts/: the author's drafts, newest first, page by page through `Link`. */
export function draftsQuery() {
  return infiniteQueryOptions({
    queryKey: postKeys.drafts(),
    // The first page is asked for; each next one is the `Link` the previous answered.
    queryFn: async ({ pageParam, signal }): Promise<PostPage> => {
      const { data, headers } =
        pageParam === null
          ? await client.withHeaders.GET('/api/posts/drafts/', {
              query: { limit: POSTS_PAGE_SIZE },
              signal,
            })
          : await followLink('/api/posts/drafts/', `${API_BASE}${pageParam}`, { signal });
      return { posts: data, next: nextPagePath(headers.get('Link')) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: PostPage) => lastPage.next,
  });
}

/**
 * PATCH /posts/{id}/: new text for an own post, draft or published, and its visible mark when
 * given (issue 35: null follows the author's default).
 */
export function editPost(
  postId: number,
  content: string,
  visibleMark?: boolean | null,
): Promise<Post> {
  const body = visibleMark === undefined ? { content } : { content, visible_mark: visibleMark };
  return client.PATCH('/api/posts/{id}/', { path: { id: postId }, body });
}

/** POST /posts/{id}/publish/: the draft becomes a post made now. */
export function publishDraft(postId: number): Promise<Post> {
  return client.POST('/api/posts/{id}/publish/', { path: { id: postId } });
}

/** GET /posts/scheduled/: the author's scheduled drafts, soonest first. */
export function scheduledQuery() {
  return queryOptions({
    queryKey: scheduledKey,
    queryFn: ({ signal }) => client.GET('/api/posts/scheduled/', { signal }),
  });
}

/** PATCH /posts/{id}/schedule/: a new time for an own draft (ISO), or null to unschedule. */
export function rescheduleDraft(postId: number, publishAt: string | null): Promise<ScheduledDraft> {
  return client.PATCH('/api/posts/{id}/schedule/', {
    path: { id: postId },
    body: { publish_at: publishAt },
  });
}
