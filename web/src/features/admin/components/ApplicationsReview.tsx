import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Tabs } from '../../../ui/Tabs';
import {
  APPLICATION_REVIEW_STATUSES,
  applicationsForReviewQuery,
  type ApplicationReviewStatus,
} from '../api';
import { ApplicationCard } from './ApplicationCard';
import { ReviewQueue } from './ReviewQueue';

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
      <ReviewQueue
        query={query}
        isEmpty={(data) => data.length === 0}
        labels={{
          loading: t('admin.applications.loading'),
          loadFailed: t('admin.applications.loadFailed'),
          empty: t(`admin.applications.empty.${status}`),
        }}
        skeletonClassName="h-48 w-full rounded-2xl"
      >
        {(data) => (
          <ul aria-label={t(`admin.applications.listLabel.${status}`)} className="space-y-4">
            {data.map((application) => (
              <li key={application.id}>
                <ApplicationCard application={application} />
              </li>
            ))}
          </ul>
        )}
      </ReviewQueue>
    </Tabs>
  );
}
