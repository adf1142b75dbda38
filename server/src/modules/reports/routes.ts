import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageResponse,
  reportCreated,
  reportQueue,
  reportQueueQuery,
  reportRequest,
  resolveReportRequest,
} from '@zura/contracts';
import { z } from 'zod';
import { pathId } from '../../lib/validation.ts';
import { adminRoute } from '../../plugins/auth.ts';
import type { ReportsService } from './service.ts';

const reportParams = z.object({ id: pathId('Not a valid report id.') });

/**
 * Reporting for every signed-in user, and the moderation queue for admins (the /api guard checks
 * the caller before anything is validated).
 */
export function reportsRoutes(deps: { reports: ReportsService }): FastifyPluginAsyncZod {
  const { reports } = deps;
  return async (app) => {
    app.post(
      '/reports/',
      { schema: { body: reportRequest, response: { 201: reportCreated } } },
      async (request, reply) => {
        const created = await reports.report(request.userId, request.body);
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/admin/reports/',
      {
        config: adminRoute,
        schema: { querystring: reportQueueQuery, response: { 200: reportQueue } },
      },
      (request) => reports.queue(request.query.status),
    );

    app.post(
      '/admin/reports/:id/resolve/',
      {
        config: adminRoute,
        schema: {
          params: reportParams,
          body: resolveReportRequest,
          response: { 200: messageResponse },
        },
      },
      (request) =>
        reports.resolve(request.userId, request.params.id, request.body.action, request.body.note),
    );
  };
}
