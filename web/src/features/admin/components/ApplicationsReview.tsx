import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { Tabs } from '../../../ui/Tabs';
import {
  APPLICATION_REVIEW_STATUSES,
  applicationsForReviewQuery,
  type ApplicationReviewStatus,
} from '../api';
import { ApplicationCard } from './ApplicationCard';

/** Creator applications by status, newest decisions refetched after each approve or reject. */
export function ApplicationsReview() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ApplicationReviewStatus>('pending');
  const query = useQuery(applicationsForReviewQuery(status));

  return (
    <Tabs
      label={t('admin.applications.statusLabel')}
      items={APPLICATION_REVIEW_STATUSES.map((value) => ({
        value,
        label: t(`admin.applications.status.${value}`),
      }))}
      value={status}
      onValueChange={setStatus}
    >
      {query.isPending ? (
        <div className="space-y-3">
          <p role="status" className="sr-only">
            {t('admin.applications.loading')}
          </p>
          <Skeleton className="h-48 w-full rounded-2xl" />
          <Skeleton className="h-48 w-full rounded-2xl" />
        </div>
      ) : query.isError ? (
        <div className="space-y-3">
          <Alert>{t('admin.applications.loadFailed')}</Alert>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('admin.retry')}
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">
          {t(`admin.applications.empty.${status}`)}
        </p>
      ) : (
        <ul aria-label={t(`admin.applications.listLabel.${status}`)} className="space-y-4">
          {query.data.map((application) => (
            <li key={application.id}>
              <ApplicationCard application={application} />
            </li>
          ))}
        </ul>
      )}
    </Tabs>
  );
}
