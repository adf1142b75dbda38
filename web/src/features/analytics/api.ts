import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { analyticsResponse } from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';
import type { AnalyticsRange } from './range';

const analyticsKeys = {
  all: ['analytics'] as const,
  range: (range: AnalyticsRange) => ['analytics', range] as const,
};

function search(range: AnalyticsRange, withGranularity: boolean): string {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (withGranularity) params.set('granularity', range.granularity);
  return params.toString();
}

/** The creator's earnings analytics over a range (GET /creator/analytics/). */
export function analyticsQuery(range: AnalyticsRange) {
  return queryOptions({
    queryKey: analyticsKeys.range(range),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof analyticsResponse>>(`/creator/analytics/?${search(range, true)}`, {
        signal,
      }),
    // Switching ranges keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/**
 * The range's earnings as CSV text, one row per day and source. Fetched with the session's
 * bearer token like any call (a plain link would carry none), then saved as a file.
 */
export function fetchAnalyticsCsv(range: AnalyticsRange) {
  // Text, not JSON: the client hands back a body that does not parse as JSON as it came.
  return api.get<string>(`/creator/analytics/export/?${search(range, false)}`);
}
