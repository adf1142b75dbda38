import {
  ANALYTICS_SOURCE_NAMES,
  type AnalyticsBucket,
  type AnalyticsSource,
} from '@zura/contracts';
import { formatMoney, formatUtcDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { ChartConfiguration } from 'chart.js';

/** One colour per revenue source, the same in the chart, its legend and the table. */
const SOURCE_COLOURS: Record<AnalyticsSource, string> = {
  subscriptions: '#7c3aed',
  tips: '#0ea5e9',
  messages: '#f59e0b',
  unlocks: '#10b981',
};

/** A bucket's label: the day, or the month for monthly buckets (UTC, as the server counts). */
export function bucketLabel(
  start: string,
  granularity: 'day' | 'month',
  locale: string = currentLanguage(),
): string {
  return formatUtcDay(new Date(`${start}T00:00:00Z`), granularity, locale);
}

/** Net revenue by source, stacked per bucket, in dollars on the axis and cents in tooltips. */
export function revenueChart(
  buckets: AnalyticsBucket[],
  granularity: 'day' | 'month',
  sourceLabel: (source: AnalyticsSource) => string,
): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: buckets.map((b) => bucketLabel(b.start, granularity)),
      datasets: ANALYTICS_SOURCE_NAMES.map((source) => ({
        label: sourceLabel(source),
        data: buckets.map((b) => b.sources[source].net_cents / 100),
        backgroundColor: SOURCE_COLOURS[source],
        stack: 'revenue',
      })),
    },
    options: {
      maintainAspectRatio: false,
      animation: false,
      scales: {
        x: { stacked: true },
        y: { stacked: true, ticks: { callback: (value) => formatMoney(Number(value) * 100) } },
      },
      plugins: {
        tooltip: {
          callbacks: {
            label: (item) =>
              `${item.dataset.label ?? ''}: ${formatMoney(Math.round((item.parsed.y ?? 0) * 100))}`,
          },
        },
      },
    },
  };
}

/** Subscribers gained above the axis and lost below it, per bucket. */
export function subscribersChart(
  buckets: AnalyticsBucket[],
  granularity: 'day' | 'month',
  labels: { gained: string; lost: string },
): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: buckets.map((b) => bucketLabel(b.start, granularity)),
      datasets: [
        { label: labels.gained, data: buckets.map((b) => b.gained), backgroundColor: '#10b981' },
        { label: labels.lost, data: buckets.map((b) => -b.lost), backgroundColor: '#ef4444' },
      ],
    },
    options: {
      maintainAspectRatio: false,
      animation: false,
      scales: { x: { stacked: true }, y: { stacked: true, ticks: { precision: 0 } } },
      plugins: {
        tooltip: {
          callbacks: {
            label: (item) => `${item.dataset.label ?? ''}: ${Math.abs(item.parsed.y ?? 0)}`,
          },
        },
      },
    },
  };
}
