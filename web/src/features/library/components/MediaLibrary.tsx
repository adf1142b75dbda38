import { useInfiniteQuery } from '@tanstack/react-query';
import LayoutGrid from 'lucide-react/icons/layout-grid';
import List from 'lucide-react/icons/list';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { cn } from '../../../ui/cn';
import { useLoadMoreSentinel } from '../../posts';
import { deleteFailureMessage, flattenLibrary, libraryQuery, type MediaItem } from '../api';
import { useDeleteMedia } from '../hooks';
import { MediaGrid } from './MediaGrid';
import { MediaTable } from './MediaTable';
import { MediaViewer } from './MediaViewer';

export type LibraryView = 'grid' | 'list';

/**
 * Spec §4 "Media list": loading, error, empty, grid or list; the viewer and the deletion
 * confirmation. Pages of 60 load as the end of the list comes near.
 */
export function MediaLibrary() {
  const { t } = useTranslation();
  const [view, setView] = useState<LibraryView>('grid');
  const query = useInfiniteQuery(libraryQuery());
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const items = flattenLibrary(data);
  const [openId, setOpenId] = useState<string>();
  const [toDelete, setToDelete] = useState<MediaItem>();
  const deletion = useDeleteMedia();
  const sentinel = useLoadMoreSentinel<HTMLDivElement>({
    hasNextPage,
    isFetchingNextPage,
    paused: isFetchNextPageError,
    fetchNextPage: () => query.fetchNextPage(),
    pageCount: data?.pages.length ?? 0,
  });

  const openIndex = openId === undefined ? -1 : items.findIndex((item) => item.id === openId);

  const closeDelete = (open: boolean) => {
    if (open || deletion.isPending) return;
    setToDelete(undefined);
    deletion.reset();
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete, {
      onSuccess: () => {
        if (openId === toDelete.id) setOpenId(undefined);
        setToDelete(undefined);
        deletion.reset();
      },
    });
  };

  let body;
  if (isPending) {
    body = (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <p role="status" className="sr-only">
          {t('library.loading')}
        </p>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="aspect-square w-full rounded-xl" />
        ))}
      </div>
    );
  } else if (isError && items.length === 0) {
    body = (
      <div className="space-y-3">
        <Alert>{t('library.loadFailed')}</Alert>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('library.retry')}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <p className="rounded-2xl bg-white px-6 py-12 text-center text-sm text-slate-600 ring-1 ring-slate-200">
        {t('library.empty')}
      </p>
    );
  } else {
    const Collection = view === 'grid' ? MediaGrid : MediaTable;
    body = (
      <Collection
        items={items}
        onOpen={(item) => setOpenId(item.id)}
        onDelete={(item) => setToDelete(item)}
      />
    );
  }

  return (
    <section aria-labelledby="library-media" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="library-media" className="text-base font-semibold text-slate-900">
          {t('library.mediaTitle')}
        </h2>
        <ViewToggle view={view} onChange={setView} />
      </div>

      {body}

      <div ref={sentinel} aria-hidden className="h-px" />
      {isFetchingNextPage && (
        <p role="status" className="flex items-center justify-center gap-2 py-4 text-slate-500">
          <Spinner className="size-5" />
          <span className="sr-only">{t('library.loadingMore')}</span>
        </p>
      )}
      {hasNextPage && !isFetchingNextPage && !isFetchNextPageError && (
        <div className="flex justify-center">
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()}>
            {t('library.loadMore')}
          </Button>
        </div>
      )}
      {isFetchNextPageError && (
        <div className="flex items-center justify-center gap-3">
          <p className="text-sm text-red-600">{t('library.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()}>
            {t('library.retry')}
          </Button>
        </div>
      )}

      <MediaViewer
        items={items}
        index={openIndex >= 0 ? openIndex : undefined}
        onIndexChange={(index) => setOpenId(index === undefined ? undefined : items[index]?.id)}
      />
      <ConfirmDialog
        open={toDelete !== undefined}
        onOpenChange={closeDelete}
        title={t('library.delete.title')}
        message={t('library.delete.confirm')}
        onConfirm={confirmDelete}
        busy={deletion.isPending}
        error={
          deletion.isError ? <Alert>{deleteFailureMessage(t, deletion.error)}</Alert> : undefined
        }
      />
    </section>
  );
}

interface ViewToggleProps {
  view: LibraryView;
  onChange: (view: LibraryView) => void;
}

/** Grid or list view (spec §2 "My Content"). */
function ViewToggle({ view, onChange }: ViewToggleProps) {
  const { t } = useTranslation();
  const options = [
    { value: 'grid' as const, label: t('library.gridView'), Icon: LayoutGrid },
    { value: 'list' as const, label: t('library.listView'), Icon: List },
  ];
  return (
    <div
      role="group"
      aria-label={t('library.viewMode')}
      className="inline-flex rounded-xl bg-white p-1 ring-1 ring-slate-200"
    >
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-violet-600',
            view === value ? 'bg-violet-600 text-white' : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          <Icon className="size-4" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  );
}
