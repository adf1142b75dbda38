import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client } from '../../lib/api-client';
import type { AnalyticsRange } from './range';

const analyticsKeys = {
  all: ['analytics'] as const,
  range: (range: AnalyticsRange) => ['analytics', range] as const,
};

/** The creator's earnings analytics over a range (GET /creator/analytics/). */
export function analyticsQuery(range: AnalyticsRange) {
  return queryOptions({
    queryKey: analyticsKeys.range(range),
    queryFn: ({ signal }) =>
      client.GET('/api/creator/analytics/', {
        query: { from: range.from, to: range.to, granularity: range.granularity },
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
  // Text, not JSON: the document answers text/csv, which the client hands back as it came.
  return client.GET('/api/creator/analytics/export/', {
    query: { from: range.from, to: range.to },
  });
}
