import { queryOptions } from '@tanstack/react-query';
import type { REPORT_STATUSES, ReportAction, ReportGroup, ReportRequest } from '@zura/contracts';
import { client } from '../../lib/api-client';

export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** One report of a group, with its resolution once decided. */
export type ReportEntry = ReportGroup['reports'][number];
export type ReportedMedia = NonNullable<ReportGroup['content']>['media'][number];

const reportKeys = {
  all: ['admin', 'reports'] as const,
  queue: (status: ReportStatus) => [...reportKeys.all, status] as const,
};

/** POST /reports/: 201 with the open report; 404, 409 and 429 say why not in `detail`. */
export function submitReport(body: ReportRequest) {
  return client.POST('/api/reports/', { body });
}

/** GET /admin/reports/?status=: reports grouped by target, newest group first. */
export function reportQueueQuery(status: ReportStatus) {
  return queryOptions({
    queryKey: reportKeys.queue(status),
    queryFn: ({ signal }) => client.GET('/api/admin/reports/', { query: { status }, signal }),
    // Members keep reporting: every visit and tab switch asks again.
    staleTime: 0,
  });
}

/** POST /admin/reports/{id}/resolve/: resolves every open report of the same target. */
export function resolveReport(id: number, action: ReportAction, note?: string) {
  return client.POST('/api/admin/reports/{id}/resolve/', {
    path: { id },
    body: note === undefined ? { action } : { action, note },
  });
}
