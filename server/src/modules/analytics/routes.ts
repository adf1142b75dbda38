import { analyticsQuery, analyticsRangeQuery, analyticsResponse } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalyticsService } from './service.ts';

/** A creator's earnings analytics and its CSV (the /api guard checks the caller first). */
export function analyticsRoutes(deps: { analytics: AnalyticsService }): FastifyPluginAsyncZod {
  const { analytics } = deps;
  return async (app) => {
    app.get(
      '/creator/analytics/',
      { schema: { querystring: analyticsQuery, response: { 200: analyticsResponse } } },
      (request) => analytics.report(request.userId, request.query),
    );
    // CSV, not JSON: no response schema; the columns are ANALYTICS_CSV_COLUMNS in contracts.
    app.get(
      '/creator/analytics/export/',
      { schema: { querystring: analyticsRangeQuery } },
      async (request, reply) => {
        const { filename, body } = await analytics.exportCsv(request.userId, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  };
}
