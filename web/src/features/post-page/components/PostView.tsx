import { useQuery } from '@tanstack/react-query';
import FileQuestion from 'lucide-react/icons/file-question';
import House from 'lucide-react/icons/house';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-errors';
import { Alert } from '../../../ui/Alert';
import { Button, buttonClasses } from '../../../ui/Button';
import { DocumentTitle } from '../../../ui/DocumentTitle';
import { PageHeader } from '../../../ui/PageHeader';
import { cn } from '../../../ui/cn';
import { PostCardSkeleton } from '../../posts';
import { PostList } from '../../posts';
import { postQuery } from '../api';

/**
 * The page a shared link opens: the post as the feed shows it to this viewer (locked and
 * subscriber-only posts keep their gates and dialogs), or a not-found state when it is not
 * theirs to see, which says nothing about whether it exists.
 */
export function PostView({ postId }: { postId: number | undefined }) {
  const { t } = useTranslation();
  const query = useQuery({ ...postQuery(postId ?? 0), enabled: postId !== undefined });
  const notFound =
    postId === undefined || (query.error instanceof ApiError && query.error.status === 404);

  if (notFound) return <PostNotFound />;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t('postPage.title')} />
      {query.isPending ? (
        <>
          <p role="status" className="sr-only">
            {t('feed.loading')}
          </p>
          <PostCardSkeleton />
        </>
      ) : query.isError ? (
        <div className="space-y-3">
          <Alert>{t('postPage.failed')}</Alert>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('postPage.retry')}
          </Button>
        </div>
      ) : (
        <PostList
          posts={[query.data]}
          variant="feed"
          label={t('postPage.title')}
          onUnlocked={() => void query.refetch()}
        />
      )}
    </div>
  );
}

function PostNotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center">
      <DocumentTitle title={t('postPage.notFoundTitle')} />
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <FileQuestion className="size-7" aria-hidden />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
        {t('postPage.notFoundTitle')}
      </h1>
      <p className="mt-2 text-slate-600">{t('postPage.notFound')}</p>
      <Link to="/" className={cn(buttonClasses(), 'mt-6')}>
        <House className="size-4" aria-hidden />
        {t('postPage.backHome')}
      </Link>
    </div>
  );
}
