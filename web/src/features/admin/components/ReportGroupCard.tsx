import type { ReportGroup } from '@zura/contracts';
import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime } from '../../../lib/format';
import type { ReportEntry } from '../../reports';
import { ReportActions } from './ReportActions';
import { ReportedContentView } from './ReportedContentView';

/** One reported post, message or profile: who owns it, what it says, and every report of it. */
export function ReportGroupCard({ group }: { group: ReportGroup }) {
  const { t } = useTranslation();
  const target = t(`admin.reports.target.${group.target_type}`, { id: group.target_id });
  return (
    <article
      aria-label={target}
      className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      <header className="flex flex-wrap items-baseline gap-x-2">
        <h3 className="font-semibold text-slate-900">{target}</h3>
        <p className="text-sm text-slate-600">
          {group.owner
            ? t('admin.reports.owner', { username: group.owner.username })
            : t('admin.reports.ownerGone')}
        </p>
      </header>
      <ReportedContentView content={group.content} />
      <ul
        aria-label={t('admin.reports.reportsLabel', { target })}
        className="divide-y divide-slate-100 border-t border-slate-100"
      >
        {group.reports.map((report) => (
          <ReportLine key={report.id} report={report} />
        ))}
      </ul>
      <ReportActions group={group} target={target} />
    </article>
  );
}

function ReportLine({ report }: { report: ReportEntry }) {
  const { t, i18n } = useTranslation();
  const { resolution } = report;
  return (
    <li className="space-y-1 py-2.5 text-sm">
      <p className="text-slate-700">
        {t('admin.reports.reportLine', {
          reporter:
            report.reporter?.username ??
            // A report from another server (ActivityPub `Flag`): its actor's address.
            (report.remote_reporter
              ? t('admin.reports.remoteReporter', { actor: report.remote_reporter.actor })
              : t('admin.reports.unknownReporter')),
          reason: t(`reports.reasons.${report.reason}`),
          date: formatDateTime(report.created_at, i18n.language),
        })}
      </p>
      {report.details && (
        <p className="break-words whitespace-pre-wrap text-slate-600">{report.details}</p>
      )}
      {resolution && (
        <p className="text-slate-500">
          {t(`admin.reports.resolution.${resolution.action}`, {
            admin: resolution.resolved_by?.username ?? t('admin.reports.unknownAdmin'),
          })}
          {' · '}
          {formatDateTime(resolution.resolved_at, i18n.language)}
          {resolution.note && <> · {t('admin.reports.note', { note: resolution.note })}</>}
        </p>
      )}
    </li>
  );
}
