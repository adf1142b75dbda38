import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useFallbackPoll } from '../../lib/live/LiveProvider';
import {
  createPost,
  deletePost,
  holdsProcessingVideo,
  prependPost,
  unlockPost,
  type NewPost,
  type Post,
  type PostPages,
} from './api';
import { changePostEverywhere } from './post-cache';
import { scheduledKey, postKeys } from '../../lib/query-keys';
import { useOwnProfile } from '../../lib/own-profile';

interface CreatePostVariables {
  input: NewPost;
  onProgress?: (fraction: number) => void;
}

/**
 * POST /posts/; on success the new post goes on top of the feed (spec §4 "Composer") with the
 * current user's avatar and username, and the own post list is refreshed.
 */
export function useCreatePost() {
  const queryClient = useQueryClient();
  const { data: own } = useOwnProfile();
  return useMutation({
    mutationFn: ({ input, onProgress }: CreatePostVariables) => createPost(input, onProgress),
    onSuccess: (created) => {
      // A draft is in no feed: only the drafts list (and the queue, when scheduled) shows it.
      if (created.is_draft === true) {
        void queryClient.invalidateQueries({ queryKey: postKeys.drafts() });
        void queryClient.invalidateQueries({ queryKey: scheduledKey });
        return;
      }
      const shown: Post = {
        ...created,
        username: created.username || (own?.username ?? ''),
        user_avatar: created.user_avatar ?? own?.profile_image ?? null,
      };
      queryClient.setQueryData<PostPages>(postKeys.feed(), (data) => prependPost(data, shown));
      void queryClient.invalidateQueries({ queryKey: postKeys.byUser() });
    },
  });
}

/** DELETE /posts/{id}/; the post leaves every loaded list at once. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => deletePost(postId),
    onSuccess: (_answer, postId) => {
      changePostEverywhere(queryClient, postId, () => null);
    },
  });
}

interface UnlockPostVariables {
  postId: number;
  password: string;
}

/** POST /posts/{id}/unlock/; the caller reloads its list afterwards (spec §4 "Post lock"). */
export function useUnlockPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, password }: UnlockPostVariables) => unlockPost(postId, password),
    // Other lists showing the post (feed, profile) refetch when next shown.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all, refetchType: 'none' }),
  });
}

export interface LoadMoreOptions {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Do not fetch (e.g. after a failed page, until the user retries). */
  paused?: boolean;
  fetchNextPage: () => unknown;
  /** Changes when the list grows, so a sentinel still in view asks again. */
  pageCount: number;
}

/**
 * Infinite scroll: returns a ref for a sentinel element below the list; when it comes within
 * 400 px of the viewport the next page is fetched.
 */
export function useLoadMoreSentinel<E extends Element>({
  hasNextPage,
  isFetchingNextPage,
  paused = false,
  fetchNextPage,
  pageCount,
}: LoadMoreOptions) {
  const ref = useRef<E>(null);
  const fetchRef = useRef(fetchNextPage);
  useEffect(() => {
    fetchRef.current = fetchNextPage;
  });
  useEffect(() => {
    const node = ref.current;
    if (!node || !hasNextPage || isFetchingNextPage || paused) return;
    if (typeof IntersectionObserver === 'undefined') return;
    // A new observer reports the current state at once, so a sentinel that stayed in view
    // after a short page triggers the next fetch too.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchRef.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, paused, pageCount]);
  return ref;
}

/** How often a post list with the author's processing video asks again without the socket. */
const PROCESSING_POLL_MS = 5000;

/**
 * A post list's `refetchInterval`: while it holds the author's video in the making and the
 * live socket (which says when it is ready) is down, the list is read again now and then.
 */
export function useProcessingVideoPoll() {
  const poll = useFallbackPoll(PROCESSING_POLL_MS);
  return (query: { state: { data: unknown } }) =>
    poll !== false && holdsProcessingVideo(query.state.data) ? poll : false;
}
