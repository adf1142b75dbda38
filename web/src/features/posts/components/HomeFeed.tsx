import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import Compass from 'lucide-react/icons/compass';
import Search from 'lucide-react/icons/search';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../../ui/Button';
import { inputClasses } from '../../../ui/TextField';
import { cn } from '../../../ui/cn';
import { feedQuery } from '../api';
import { useProcessingVideoPoll } from '../hooks';
import { HomeComposer } from './HomeComposer';
import { PostStream } from './PostStream';
import { postKeys } from '../../../lib/query-keys';

/** Spec §2.7: search box, composer and the post list. */
export function HomeFeed() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    ...feedQuery(),
    refetchInterval: useProcessingVideoPoll(),
  });
  // Spec §4 "Post lock": after an unlock in the feed the whole feed is reloaded.
  const reloadFeed = () => void queryClient.invalidateQueries({ queryKey: postKeys.feed() });

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <FeedSearch />
      <HomeComposer />
      {query.data?.pages[0]?.source === 'all' && <EveryoneHeading />}
      <PostStream
        query={query}
        variant="feed"
        emptyText={t('feed.empty')}
        onUnlocked={reloadFeed}
        label={t('feed.postsLabel')}
      />
    </div>
  );
}

/**
 * Shown when the viewer's own feed (people they follow or subscribe to, and their own posts)
 * is empty and the server answered recent posts from everyone instead.
 */
function EveryoneHeading() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-violet-50 px-4 py-3 ring-1 ring-violet-200">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{t('feed.allTitle')}</h2>
        <p className="text-sm text-slate-600">{t('feed.allHint')}</p>
      </div>
      <Link to="/explore" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        <Compass className="size-4" aria-hidden />
        {t('feed.allExplore')}
      </Link>
    </div>
  );
}

/** The search box; the spec shows no behaviour, so Enter opens Explore with the query. */
function FeedSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text.trim();
    void navigate(q ? `/explore?${new URLSearchParams({ q }).toString()}` : '/explore');
  };

  return (
    <form role="search" onSubmit={handleSubmit} className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 start-3.5 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('feed.searchPlaceholder')}
        aria-label={t('feed.searchLabel')}
        className={cn(inputClasses, 'rounded-full ps-10')}
      />
    </form>
  );
}
