import type { QueryClient } from '@tanstack/react-query';
import type { Post, PostPages } from './api';
import { postKeys } from '../../lib/query-keys';

/**
 * Every cached copy of a post lives under `postKeys.all`, in one of two shapes: the pages of a
 * list (the feed, a profile's posts, the liked posts, the drafts) or the single post of the post
 * page (`postKeys.one`). A like, a comment, a purchase or a delete changes the post through here,
 * so each screen showing it shows the change at once, whichever shape holds it.
 */
type CachedPosts = PostPages | Post | undefined;

/** What a like or a comment changes on the post itself. */
export type EngagementPatch = Partial<
  Pick<Post, 'like_count' | 'comment_count' | 'liked_by_me' | 'comments_enabled'>
>;

/** The new post, or null to take it out of the lists holding it. */
type PostChange = (post: Post) => Post | null;

function isPages(data: object): data is PostPages {
  return 'pages' in data && Array.isArray(data.pages);
}

function isPost(data: object): data is Post {
  return 'id' in data && typeof data.id === 'number' && !('pages' in data);
}

/**
 * One cache entry with `change` applied to the post `postId`: a copy when it holds the post, the
 * very same entry (and pages) when not, so queries without it do not re-render. A single post
 * that `change` removes stays as it is: its page reads it again and shows it is gone.
 */
export function changePostIn<T extends CachedPosts>(
  data: T,
  postId: number,
  change: PostChange,
): T {
  if (typeof data !== 'object' || data === null) return data;
  if (isPost(data)) {
    if (data.id !== postId) return data;
    return (change(data) ?? data) as T;
  }
  if (!isPages(data)) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!Array.isArray(page.posts) || !page.posts.some((item) => item.id === postId)) return page;
    changed = true;
    const posts: Post[] = [];
    for (const item of page.posts) {
      const next = item.id === postId ? change(item) : item;
      if (next) posts.push(next);
    }
    return { ...page, posts };
  });
  return changed ? { ...data, pages } : data;
}

/** Applies `change` to the post in every cached list and on its page. */
export function changePostEverywhere(queryClient: QueryClient, postId: number, change: PostChange) {
  queryClient.setQueriesData<CachedPosts>({ queryKey: postKeys.all }, (data) =>
    changePostIn(data, postId, change),
  );
}

/** Writes `patch` (new counts, the viewer's like) into every cached copy of the post. */
export function patchPostEverywhere(
  queryClient: QueryClient,
  postId: number,
  patch: EngagementPatch,
) {
  changePostEverywhere(queryClient, postId, (post) => ({ ...post, ...patch }));
}

/** The post as the cache holds it now (any copy: they are kept alike), e.g. to undo a like. */
export function findCachedPost(queryClient: QueryClient, postId: number): Post | undefined {
  for (const [, data] of queryClient.getQueriesData<CachedPosts>({ queryKey: postKeys.all })) {
    if (typeof data !== 'object' || data === null) continue;
    if (isPost(data)) {
      if (data.id === postId) return data;
      continue;
    }
    if (!isPages(data)) continue;
    for (const page of data.pages) {
      const found = Array.isArray(page.posts) && page.posts.find((item) => item.id === postId);
      if (found) return found;
    }
  }
  return undefined;
}
