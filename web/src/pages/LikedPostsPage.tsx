import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../lib/use-translation';
import { PostStream } from '../features/posts';
import { likedPostsQuery } from '../features/posts';

/** "Posts I liked", from the profile menu: newest like first, as the feed shows posts. */
export function LikedPostsPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(likedPostsQuery());
  return (
    <section className="mx-auto w-full max-w-2xl space-y-4 p-4 sm:p-6">
      <h1 className="text-xl font-semibold text-slate-900">{t('likes.title')}</h1>
      <PostStream
        query={query}
        variant="feed"
        emptyText={t('likes.empty')}
        label={t('feed.postsLabel')}
        onUnlocked={() => void query.refetch()}
      />
    </section>
  );
}
