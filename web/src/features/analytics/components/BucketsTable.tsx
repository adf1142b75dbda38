import { ANALYTICS_SOURCE_NAMES, type AnalyticsResponse } from '@zura/contracts';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { bucketLabel } from './charts';

/** The charts' figures as a table: their text alternative, folded away until opened. */
export function BucketsTable({ report }: { report: AnalyticsResponse }) {
  const { t } = useTranslation();
  return (
    <details className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <summary className="cursor-pointer text-sm font-medium text-slate-700">
        {t('analytics.tableToggle')}
      </summary>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-end text-sm">
          <caption className="sr-only">{t('analytics.tableCaption')}</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="text-start font-medium">
                {t(report.granularity === 'month' ? 'analytics.month' : 'analytics.day')}
              </th>
              {ANALYTICS_SOURCE_NAMES.map((source) => (
                <th key={source} scope="col" className="px-2 font-medium">
                  {t(`analytics.sources.${source}`)}
                </th>
              ))}
              <th scope="col" className="px-2 font-medium">
                {t('analytics.net')}
              </th>
              <th scope="col" className="px-2 font-medium">
                {t('analytics.gained')}
              </th>
              <th scope="col" className="px-2 font-medium">
                {t('analytics.lost')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.buckets.map((bucket) => (
              <tr key={bucket.start}>
                <th scope="row" className="py-1 text-start font-normal">
                  {bucketLabel(bucket.start, report.granularity)}
                </th>
                {ANALYTICS_SOURCE_NAMES.map((source) => (
                  <td key={source} className="px-2">
                    {formatMoney(bucket.sources[source].net_cents)}
                  </td>
                ))}
                <td className="px-2 font-medium">{formatMoney(bucket.total.net_cents)}</td>
                <td className="px-2">{bucket.gained}</td>
                <td className="px-2">{bucket.lost}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
