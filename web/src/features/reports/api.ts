import { queryOptions } from '@tanstack/react-query';
import type {
  messageResponse,
  reportCreated,
  reportQueue,
  REPORT_STATUSES,
  ReportAction,
  ReportGroup,
  ReportRequest,
} from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';

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
  return api.post<z.infer<typeof reportCreated>>('/reports/', body);
}

/** GET /admin/reports/?status=: reports grouped by target, newest group first. */
export function reportQueueQuery(status: ReportStatus) {
  return queryOptions({
    queryKey: reportKeys.queue(status),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof reportQueue>>(`/admin/reports/?status=${status}`, { signal }),
    // Members keep reporting: every visit and tab switch asks again.
    staleTime: 0,
  });
}

/** POST /admin/reports/{id}/resolve/: resolves every open report of the same target. */
export function resolveReport(id: number, action: ReportAction, note?: string) {
  return api.post<z.infer<typeof messageResponse>>(
    `/admin/reports/${id}/resolve/`,
    note === undefined ? { action } : { action, note },
  );
}
