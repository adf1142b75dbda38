import { useQuery } from '@tanstack/react-query';
import { REPORT_STATUSES } from '@zura/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Tabs } from '../../../ui/Tabs';
import { reportQueueQuery, type ReportStatus } from '../../reports';
import { ReportGroupCard } from './ReportGroupCard';
import { ReviewQueue } from './ReviewQueue';

/** The moderation queue: reported content with its reports, open ones to act on first. */
export function ReportsReview() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReportStatus>('open');
  const query = useQuery(reportQueueQuery(status));
  return (
    <Tabs
      label={t('admin.reports.statusLabel')}
      items={REPORT_STATUSES.map((value) => ({
        value,
        label: t(`admin.reports.status.${value}`),
      }))}
      value={status}
      onValueChange={setStatus}
    >
      <ReviewQueue
        query={query}
        isEmpty={(data) => data.results.length === 0}
        labels={{
          loading: t('admin.reports.loading'),
          loadFailed: t('admin.reports.loadFailed'),
          empty: t(`admin.reports.empty.${status}`),
        }}
        skeletonClassName="h-40 w-full rounded-2xl"
      >
        {(data) => (
          <ul aria-label={t(`admin.reports.listLabel.${status}`)} className="space-y-4">
            {data.results.map((group) => (
              <li key={`${group.target_type}-${group.target_id}`}>
                <ReportGroupCard group={group} />
              </li>
            ))}
          </ul>
        )}
      </ReviewQueue>
    </Tabs>
  );
}
