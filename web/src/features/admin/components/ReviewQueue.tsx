import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';

export interface ReviewQueueProps<T> {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  labels: { loading: string; loadFailed: string; empty: string };
  /** The size of a loading placeholder, close to one entry's. */
  skeletonClassName: string;
  /** The list, once there is something to list. */
  children: (data: T) => ReactNode;
}

/** An admin queue's loading, failure (with Try again) and empty states around its list. */
export function ReviewQueue<T>({
  query,
  isEmpty,
  labels,
  skeletonClassName,
  children,
}: ReviewQueueProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="space-y-3">
        <p role="status" className="sr-only">
          {labels.loading}
        </p>
        <Skeleton className={skeletonClassName} />
        <Skeleton className={skeletonClassName} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-3">
        <Alert>{labels.loadFailed}</Alert>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('admin.retry')}
        </Button>
      </div>
    );
  }
  if (isEmpty(query.data)) {
    return <p className="py-8 text-center text-sm text-slate-500">{labels.empty}</p>;
  }
  return children(query.data);
}
