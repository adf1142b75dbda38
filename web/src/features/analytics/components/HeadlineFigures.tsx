import type { AnalyticsResponse } from '@zura/contracts';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}

/** Net revenue, new subscribers and the renewal rate over the range. */
export function HeadlineFigures({ report }: { report: AnalyticsResponse }) {
  const { t } = useTranslation();
  const rate = report.renewal_rate;
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      <Figure
        label={t('analytics.netRevenue')}
        value={formatMoney(report.totals.total.net_cents)}
        hint={t('analytics.grossHint', {
          gross: formatMoney(report.totals.total.gross_cents),
          fee: formatMoney(report.totals.total.fee_cents),
        })}
      />
      <Figure
        label={t('analytics.newSubscribers')}
        value={String(report.totals.gained)}
        hint={t('analytics.lostHint', { count: report.totals.lost })}
      />
      <Figure
        label={t('analytics.renewalRate')}
        value={rate === null ? '–' : `${Math.round(rate * 100)}%`}
        hint={t('analytics.renewalRateHint')}
      />
    </dl>
  );
}
