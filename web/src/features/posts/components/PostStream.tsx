import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { flattenPages, type Post, type PostPages } from '../api';
import { useWatchPosts } from '../likes/use-watch-posts';
import { useLoadMoreSentinel } from '../hooks';
import { PostCardSkeleton } from './PostCard';
import { PostList } from './PostList';
import type { PostCardVariant } from './PostCard';

export interface PostStreamProps {
  query: UseInfiniteQueryResult<PostPages>;
  variant: PostCardVariant;
  emptyText: string;
  /** Shows only the posts that pass (the profile's Videos tab). */
  filter?: (post: Post) => boolean;
  onUnlocked: () => void;
  label?: string;
  /** Whether the posts' author is a creator (a profile page knows). */
  authorIsCreator?: boolean;
}

/**
 * An infinitely scrolling post list: skeletons while the first page loads, the spec's error
 * when nothing could be loaded, its empty text, then posts page after page.
 */
export function PostStream({
  query,
  variant,
  emptyText,
  filter,
  onUnlocked,
  label,
  authorIsCreator,
}: PostStreamProps) {
  const { t } = useTranslation();
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const all = flattenPages(data);
  const posts = filter ? all.filter(filter) : all;
  // Their like and comment counts arrive live while the list is open.
  useWatchPosts(posts.map((item) => item.id));
  const sentinel = useLoadMoreSentinel<HTMLDivElement>({
    hasNextPage,
    isFetchingNextPage,
    paused: isFetchNextPageError,
    fetchNextPage: () => query.fetchNextPage(),
    pageCount: data?.pages.length ?? 0,
  });

  if (isPending) {
    return (
      <div className="space-y-4">
        <p role="status" className="sr-only">
          {t('feed.loading')}
        </p>
        <PostCardSkeleton />
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  }

  if (isError && all.length === 0) {
    return (
      <div className="space-y-3">
        <Alert>{t('feed.loadFailed')}</Alert>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('feed.retry')}
        </Button>
      </div>
    );
  }

  return (
    <div>
      {posts.length > 0 ? (
        <PostList
          posts={posts}
          variant={variant}
          onUnlocked={onUnlocked}
          label={label}
          authorIsCreator={authorIsCreator}
        />
      ) : (
        !hasNextPage && (
          <p className="rounded-2xl bg-white px-6 py-12 text-center text-sm text-slate-600 ring-1 ring-slate-200">
            {emptyText}
          </p>
        )
      )}
      <div ref={sentinel} aria-hidden className="h-px" />
      {isFetchingNextPage && (
        <p role="status" className="flex items-center justify-center gap-2 py-6 text-slate-500">
          <Spinner className="size-5" />
          <span className="sr-only">{t('feed.loadingMore')}</span>
        </p>
      )}
      {isFetchNextPageError && (
        <div className="mt-4 flex items-center justify-center gap-3">
          <p className="text-sm text-red-600">{t('feed.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()}>
            {t('feed.retry')}
          </Button>
        </div>
      )}
    </div>
  );
}
