import { queryOptions } from '@tanstack/react-query';
import {
  createdReport,
  messageResponse,
  reportGroupList,
  type CreateReportRequest,
  type ReportAction,
  type ReportStatus,
} from '@zura/contracts';
import { api } from '../../lib/api';

export const reportKeys = {
  all: ['admin', 'reports'] as const,
  queue: (status: ReportStatus) => [...reportKeys.all, status] as const,
};

/** POST /reports/: 201 with the open report; 404, 409 and 429 say why not in `detail`. */
export function submitReport(body: CreateReportRequest) {
  return api.post('/reports/', body, { schema: createdReport });
}

/** GET /admin/reports/?status=: reports grouped by target, newest group first. */
export function reportQueueQuery(status: ReportStatus) {
  return queryOptions({
    queryKey: reportKeys.queue(status),
    queryFn: ({ signal }) =>
      api.get(`/admin/reports/?status=${status}`, { schema: reportGroupList, signal }),
    // Members keep reporting: every visit and tab switch asks again.
    staleTime: 0,
  });
}

/** POST /admin/reports/{id}/resolve/: resolves every open report of the same target. */
export function resolveReport(id: number, action: ReportAction, note?: string) {
  return api.post(
    `/admin/reports/${id}/resolve/`,
    note === undefined ? { action } : { action, note },
    { schema: messageResponse },
  );
}
