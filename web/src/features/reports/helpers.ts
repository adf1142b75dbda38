import { REPORT_REASONS, type ReportGroup, type ReportReason } from '@zura/contracts';
import { errorBodyText } from '../../lib/api-errors';

/** The server's own words for a refusal (`detail`, else `error`), else the fallback. */
export function refusalText(error: unknown, fallback: string): string {
  return errorBodyText(error, 'detail') ?? errorBodyText(error, 'error') ?? fallback;
}

/** A select's value as a reason; the empty choice (or anything unknown) is none yet. */
export function asReportReason(value: string): ReportReason | undefined {
  return REPORT_REASONS.find((reason) => reason === value);
}

/** The report an admin action goes through: any open one resolves the whole group. */
export function openReportId(group: Pick<ReportGroup, 'reports'>): number | undefined {
  return group.reports.find((report) => report.status === 'open')?.id;
}
