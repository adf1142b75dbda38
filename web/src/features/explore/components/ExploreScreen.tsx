import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import Search from 'lucide-react/icons/search';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { inputClasses } from '../../../ui/TextField';
import { cn } from '../../../ui/cn';
import { categoryLabel } from '../../../lib/taxonomy-labels';
import {
  EXPLORE_CATEGORIES,
  EXPLORE_SORTS,
  exploreQuery,
  filtersFromParams,
  flattenCreators,
  paramsFromFilters,
  type ExploreFilters,
} from '../api';
import { CreatorCard } from './CreatorCard';
import { isRemoteHandle } from '@zura/contracts';
import { RemoteAccountCard } from '../../federation';

/** Typing settles for this long before the search runs. */
const SEARCH_DELAY_MS = 300;

/**
 * Explore: creators found by username, bio, category, tags and vibes; a category filter and
 * a sort; cards linking to profiles. The filters live in the address (`?q=&category=&sort=`),
 * so the feed's search box and the discover topics can open it ready filtered.
 */
export function ExploreScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const [text, setText] = useState(filters.q);
  // The last query of the address this screen reacted to, and the last one it wrote itself.
  const [seenQ, setSeenQ] = useState(filters.q);
  const [ownQ, setOwnQ] = useState<string>();
  if (filters.q !== seenQ) {
    setSeenQ(filters.q);
    // Changed from outside (back button, a link): the box shows it.
    if (filters.q !== ownQ) setText(filters.q);
  }

  const { q: currentQ, category, sort } = filters;
  const update = (change: Partial<ExploreFilters>) => {
    if (change.q !== undefined) setOwnQ(change.q);
    setParams(paramsFromFilters({ q: currentQ, category, sort, ...change }), { replace: true });
  };

  useEffect(() => {
    const q = text.trim();
    if (q === currentQ.trim()) return;
    const timer = setTimeout(() => {
      setOwnQ(q);
      setParams(paramsFromFilters({ q, category, sort }), { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, currentQ, category, sort, setParams]);

  const categoryOptions = [
    { value: '', label: t('explore.allCategories') },
    ...EXPLORE_CATEGORIES.map((category) => ({
      value: category.id,
      label: categoryLabel(category.id),
    })),
  ];
  const sortOptions = EXPLORE_SORTS.map((sort) => ({
    value: sort,
    label: t(`explore.sorts.${sort}`),
  }));

  return (
    <div className="space-y-5">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: text.trim() });
        }}
        className="relative"
      >
        <Search
          className="pointer-events-none absolute top-1/2 start-3.5 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('explore.searchPlaceholder')}
          aria-label={t('explore.searchLabel')}
          maxLength={200}
          className={cn(inputClasses, 'rounded-full ps-10')}
        />
      </form>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('explore.category')}
          options={categoryOptions}
          value={filters.category}
          onChange={(event) => update({ category: event.target.value })}
        />
        <SelectField
          label={t('explore.sort')}
          options={sortOptions}
          value={filters.sort}
          onChange={(event) => {
            const next = EXPLORE_SORTS.find((value) => value === event.target.value);
            if (next) update({ sort: next });
          }}
        />
      </div>
      {/* `@name@host` is an account on another server: found there, followed from here. */}
      {isRemoteHandle(filters.q) ? (
        <RemoteAccountCard handle={filters.q.trim()} />
      ) : (
        <ExploreResults filters={filters} />
      )}
    </div>
  );
}

function ExploreResults({ filters }: { filters: ExploreFilters }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    ...exploreQuery({ ...filters, q: filters.q.trim() }),
    placeholderData: keepPreviousData,
  });
  const { data, isPending, isError, isPlaceholderData, hasNextPage, isFetchingNextPage } = query;
  const creators = flattenCreators(data);

  if (isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <p role="status" className="sr-only">
          {t('explore.loading')}
        </p>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-56 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (isError && creators.length === 0) {
    return (
      <div className="space-y-3">
        <Alert>{t('explore.failed')}</Alert>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('explore.retry')}
        </Button>
      </div>
    );
  }
  if (creators.length === 0) {
    return (
      <p className="rounded-2xl bg-white px-6 py-12 text-center text-sm text-slate-600 ring-1 ring-slate-200">
        {filters.q.trim() || filters.category ? t('explore.noResults') : t('explore.noCreators')}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <ul
        aria-label={t('explore.resultsLabel')}
        aria-busy={isPlaceholderData || undefined}
        className={cn(
          'grid gap-4 sm:grid-cols-2',
          isPlaceholderData && 'opacity-60 transition-opacity',
        )}
      >
        {creators.map((creator) => (
          <li key={creator.id}>
            <CreatorCard creator={creator} />
          </li>
        ))}
      </ul>
      {query.isFetchNextPageError && <Alert>{t('explore.failed')}</Alert>}
      {hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            busy={isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {isFetchingNextPage ? t('explore.loadingMore') : t('explore.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
