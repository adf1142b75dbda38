import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import FilePen from 'lucide-react/icons/file-pen';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Alert } from '../../../ui/Alert';
import { Button, buttonClasses } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { PageHeader } from '../../../ui/PageHeader';
import { flattenPages, type Post } from '../../posts';
import { PostCardSkeleton } from '../../posts';
import { useDeletePost } from '../../posts';
import { draftsQuery, scheduledQuery } from '../api';
import { DraftCard } from './DraftCard';
import { scheduledKey } from '../../../lib/query-keys';

/**
 * `/drafts`: the author's scheduled posts first (soonest first, with their time, Reschedule,
 * Publish now and Delete), then their other unpublished posts with Edit, Publish and Delete.
 */
export function DraftsView() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(draftsQuery());
  const queue = useQuery(scheduledQuery()).data ?? [];
  const queued = new Set(queue.map((post) => post.id));
  const drafts = flattenPages(query.data).filter((draft) => !queued.has(draft.id));
  const [deleting, setDeleting] = useState<Post | null>(null);
  const [published, setPublished] = useState<Post | null>(null);
  const remove = useDeletePost();

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const deleted = () => {
    closeDelete();
    void queryClient.invalidateQueries({ queryKey: scheduledKey });
  };

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title={t('drafts.title')}
        subtitle={t('drafts.description')}
        actions={
          <Link to="/" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            {t('drafts.newPost')}
          </Link>
        }
      />
      {published && (
        <Alert tone="success" className="mb-4">
          {t('drafts.published')}{' '}
          <Link to={`/posts/${published.id}`} className="font-semibold underline">
            {t('postPage.title')}
          </Link>
        </Alert>
      )}
      {queue.length > 0 && (
        <section className="mb-6">
          <h2 className="mb-2 text-sm font-semibold text-slate-700">{t('schedule.queueTitle')}</h2>
          <ul aria-label={t('schedule.queueLabel')} className="space-y-4">
            {queue.map((post) => (
              <li key={post.id}>
                <DraftCard
                  draft={post}
                  publishAt={post.publish_at}
                  onDelete={setDeleting}
                  onPublished={setPublished}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {query.isPending ? (
        <div className="space-y-4">
          <p role="status" className="sr-only">
            {t('feed.loading')}
          </p>
          <PostCardSkeleton />
        </div>
      ) : query.isError && drafts.length === 0 ? (
        <div className="space-y-3">
          <Alert>{t('drafts.failed')}</Alert>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('drafts.retry')}
          </Button>
        </div>
      ) : drafts.length === 0 && queue.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl bg-white px-6 py-12 text-center ring-1 ring-slate-200">
          <FilePen className="size-8 text-slate-400" aria-hidden />
          <p className="mt-3 font-medium text-slate-800">{t('drafts.empty')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('drafts.emptyHint')}</p>
        </div>
      ) : (
        drafts.length > 0 && (
          <ul aria-label={t('drafts.listLabel')} className="space-y-4">
            {drafts.map((draft) => (
              <li key={draft.id}>
                <DraftCard draft={draft} onDelete={setDeleting} onPublished={setPublished} />
              </li>
            ))}
          </ul>
        )
      )}
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            size="sm"
            busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('drafts.loadMore')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) closeDelete();
        }}
        title={t('drafts.deleteTitle')}
        message={t('drafts.deleteConfirm')}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: deleted })}
        busy={remove.isPending}
        error={remove.isError ? <Alert>{t('drafts.deleteFailed')}</Alert> : undefined}
      />
    </div>
  );
}
