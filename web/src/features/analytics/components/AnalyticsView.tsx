import { useQuery } from '@tanstack/react-query';
import { ANALYTICS_SOURCE_NAMES, type AnalyticsSource } from '@zura/contracts';
import { formatMoney } from '../../../lib/format';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { analyticsQuery } from '../api';
import { presetRange, type AnalyticsRange, type RangePreset } from '../range';
import { BucketsTable } from './BucketsTable';
import { ChartCanvas } from './ChartCanvas';
import { revenueChart, subscribersChart } from './charts';
import { ExportEarningsButton } from './ExportEarningsButton';
import { HeadlineFigures } from './HeadlineFigures';
import { RangePicker } from './RangePicker';
import { TopFansList } from './TopFansList';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 className="mb-3 text-sm font-semibold text-slate-700">{title}</h2>
      {children}
    </section>
  );
}

/** /creator/analytics: a creator's earnings by source, subscribers and top fans over a range. */
export function AnalyticsView() {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<RangePreset>('30d');
  const [range, setRange] = useState<AnalyticsRange>(() => presetRange('30d'));
  const query = useQuery(analyticsQuery(range));
  const report = query.data;

  const sourceLabel = useCallback(
    (source: AnalyticsSource) => t(`analytics.sources.${source}`),
    [t],
  );
  const charts = useMemo(() => {
    if (!report) return undefined;
    return {
      revenue: revenueChart(report.buckets, report.granularity, sourceLabel),
      subscribers: subscribersChart(report.buckets, report.granularity, {
        gained: t('analytics.gained'),
        lost: t('analytics.lost'),
      }),
    };
  }, [report, sourceLabel, t]);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title={t('analytics.title')}
        subtitle={t('analytics.subtitle')}
        actions={<ExportEarningsButton range={range} />}
      />
      <RangePicker
        preset={preset}
        range={range}
        onPreset={(chosen) => {
          setPreset(chosen);
          setRange(presetRange(chosen));
        }}
        onCustom={(chosen) => {
          setPreset('custom');
          setRange(chosen);
        }}
      />
      {query.isError && <Alert>{t('analytics.failed')}</Alert>}
      {!report || !charts ? (
        query.isPending && (
          <div className="space-y-4" role="status" aria-label={t('analytics.loading')}>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        )
      ) : (
        <>
          <HeadlineFigures report={report} />
          <Panel title={t('analytics.revenueChart')}>
            <ChartCanvas
              config={charts.revenue}
              summary={t('analytics.revenueSummary', {
                net: formatMoney(report.totals.total.net_cents),
                parts: ANALYTICS_SOURCE_NAMES.map(
                  (s) => `${sourceLabel(s)} ${formatMoney(report.totals.sources[s].net_cents)}`,
                ).join(', '),
              })}
            />
          </Panel>
          <Panel title={t('analytics.subscribersChart')}>
            <ChartCanvas
              config={charts.subscribers}
              summary={t('analytics.subscribersSummary', {
                gained: report.totals.gained,
                lost: report.totals.lost,
              })}
            />
          </Panel>
          <BucketsTable report={report} />
          <Panel title={t('analytics.topFans')}>
            <TopFansList fans={report.top_fans} />
          </Panel>
          <p className="text-xs text-slate-500">{t('analytics.utcNote')}</p>
        </>
      )}
    </div>
  );
}
