import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { API_BASE, type ApiResponse } from '../../lib/api';
import { client, followLink, type Answer } from '../../lib/api-client';
import { nextPagePath } from '../../lib/link-header';
import { uploadWithProgress, type MultipartBody } from '../../lib/upload';
import { saleFormFields, type SubscriberPricing } from './pay-per-view';
import { postKeys } from '../../lib/query-keys';

/**
 * A post as this viewer sees it (spec §3 "Post"): the answer of GET /api/posts/{id}/ as the
 * served document types it (the server serializes through the contract's `presentedPost`). A
 * locked post the viewer has not unlocked has `content: ''` and no media keys at all.
 */
export type Post = Answer<'/api/posts/{id}/', 'get'>;

/** One page of a post list and the API path of the next one (from the `Link` header). */
export interface PostPage {
  posts: Post[];
  next: string | undefined;
  /**
   * The home feed's `X-Feed-Source`: 'following' (people the viewer follows or subscribes to,
   * and their own posts) or 'all' (recent posts of everyone, when the former is empty).
   */
  source?: FeedSource;
}

export type FeedSource = 'following' | 'all';

/** Reads `X-Feed-Source`; anything else is no source. */
export function feedSourceOf(header: string | null | undefined): FeedSource | undefined {
  const value = header?.trim().toLowerCase();
  return value === 'following' || value === 'all' ? value : undefined;
}
export type PostPages = InfiniteData<PostPage>;

export const POSTS_PAGE_SIZE = 20;

/** A page of posts from a list answer and its headers (`Link`, `X-Feed-Source`). */
export function toPostPage({ data, headers }: ApiResponse<Post[]>): PostPage {
  const source = feedSourceOf(headers.get('X-Feed-Source'));
  return { posts: data, next: nextPagePath(headers.get('Link')), ...(source && { source }) };
}

/** The page after the first: the `Link` href (a path relative to /api) of a list's answer. */
export function nextPageHref(next: string): string {
  return `${API_BASE}${next}`;
}

/**
 * GET /posts/: the home feed, newest first, followed page by page through `Link` (which keeps
 * the first page's source). The server falls back to everyone's posts when the viewer's own
 * feed is empty; the first page's `source` says which it is.
 */
export function feedQuery() {
  return infiniteQueryOptions({
    queryKey: postKeys.feed(),
    queryFn: async ({ pageParam, signal }) =>
      toPostPage(
        pageParam
          ? await followLink('/api/posts/', nextPageHref(pageParam), { signal })
          : await client.withHeaders.GET('/api/posts/', {
              query: { limit: POSTS_PAGE_SIZE },
              signal,
            }),
      ),
    initialPageParam: '',
    getNextPageParam: (lastPage: PostPage) => lastPage.next,
  });
}

/** GET /posts/user/{id}/: one user's posts; empty for a locked profile not yet unlocked. */
export function userPostsQuery(userId: number | string) {
  return infiniteQueryOptions({
    queryKey: postKeys.user(userId),
    queryFn: async ({ pageParam, signal }) =>
      toPostPage(
        pageParam
          ? await followLink('/api/posts/user/{idOrUsername}/', nextPageHref(pageParam), { signal })
          : await client.withHeaders.GET('/api/posts/user/{idOrUsername}/', {
              path: { idOrUsername: String(userId) },
              query: { limit: POSTS_PAGE_SIZE },
              signal,
            }),
      ),
    initialPageParam: '',
    getNextPageParam: (lastPage: PostPage) => lastPage.next,
  });
}

export interface NewPost {
  content: string;
  isLocked: boolean;
  password: string;
  /** The files in the order the author arranged them (at most MAX_POST_FILES). */
  media: readonly File[];
  /** Saved as a draft: its author's alone until published. */
  isDraft?: boolean;
  /** Scheduled: an ISO time the draft is published at (`features/drafts`). */
  publishAt?: string;
  /** Its gated media's visible mark (issue 35); null or absent: the author's default. */
  visibleMark?: boolean | null;
  /** A creator's price for the post (pay-per-view); absent: not for sale. */
  sale?: {
    forSale: boolean;
    price: string;
    subscribers: SubscriberPricing;
    subscriberPrice: string;
  };
}

export type MediaKind = 'image' | 'video';

/** Videos by their MIME type; everything else the picker allows is an image. */
export function mediaKindOf(file: Pick<File, 'type'>): MediaKind {
  return file.type.startsWith('video/') ? 'video' : 'image';
}

/** Spec: a media-only post is sent with the text 'Posted an image' / 'Posted a video'. */
export const PLACEHOLDER_CONTENT: Record<MediaKind, string> = {
  image: 'Posted an image',
  video: 'Posted a video',
};

/** The multipart body of POST /posts/ (spec §3 "Post creation payload"). */
export function newPostFields(input: NewPost): MultipartBody<'/api/posts/'> {
  const text = input.content.trim();
  const first = input.media[0];
  const kind = first ? mediaKindOf(first) : undefined;
  return {
    content: text || (kind ? PLACEHOLDER_CONTENT[kind] : ''),
    is_locked: input.isLocked ? 'true' : 'false',
    is_draft: input.isDraft ? 'true' : undefined,
    publish_at: input.publishAt || undefined,
    password: input.isLocked ? input.password : undefined,
    visible_mark: input.visibleMark == null ? undefined : input.visibleMark ? 'true' : 'false',
    media: [...input.media],
    // The spec's one-file form names its type; several files are each recognised by the server.
    media_type: input.media.length === 1 ? kind : undefined,
    ...(input.sale ? saleFormFields(input.sale) : {}),
  };
}

/** POST /posts/ with upload progress (0..1) for the attached media. */
export function createPost(input: NewPost, onProgress?: (fraction: number) => void) {
  return uploadWithProgress('/api/posts/', newPostFields(input), { onProgress });
}

export function deletePost(postId: number) {
  return client.DELETE('/api/posts/{id}/', { path: { id: postId } });
}

export function unlockPost(postId: number, password: string) {
  return client.POST('/api/posts/{id}/unlock/', { path: { id: postId }, body: { password } });
}

/** The list with `created` on top of the first page (the composer's optimistic-free insert). */
export function prependPost(data: PostPages | undefined, created: Post): PostPages | undefined {
  if (!data) return data;
  const [first, ...rest] = data.pages;
  const withoutDuplicate = (first?.posts ?? []).filter((item) => item.id !== created.id);
  return {
    ...data,
    pages: [{ ...first, posts: [created, ...withoutDuplicate], next: first?.next }, ...rest],
  };
}

/** The list without the post `postId`. */
export function removePost(data: PostPages | undefined, postId: number): PostPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      posts: page.posts.filter((item) => item.id !== postId),
    })),
  };
}

/** Whether loaded post pages hold a post whose video is still being transcoded. */
export function holdsProcessingVideo(data: unknown): boolean {
  const pages = (data as PostPages | undefined)?.pages;
  return (pages ?? []).some((page) => page.posts.some((item) => item.video_state === 'processing'));
}

/** Every post of the loaded pages, in order, without repeats (pages can overlap after inserts). */
export function flattenPages(data: PostPages | undefined): Post[] {
  const seen = new Set<number>();
  const result: Post[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.posts) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      result.push(item);
    }
  }
  return result;
}
