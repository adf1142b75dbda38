import { emailShareList, messageResponse } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '../../lib/validation.ts';
import type { AudienceService } from './service.ts';

const creatorParams = z.object({ creatorId: pathId('Not a valid creator id.') });

/** A creator's audience export and the fan's email consents (the /api guard checks the caller). */
export function audienceRoutes(deps: { audience: AudienceService }): FastifyPluginAsyncZod {
  const { audience } = deps;
  return async (app) => {
    // CSV, not JSON: no response schema; the columns are AUDIENCE_CSV_COLUMNS in contracts.
    app.get('/creator/audience/export/', async (request, reply) => {
      const { filename, body } = await audience.exportCsv(request.userId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    });
    app.get('/auth/email-shares/', { schema: { response: { 200: emailShareList } } }, (request) =>
      audience.listEmailShares(request.userId),
    );
    app.delete(
      '/auth/email-shares/:creatorId/',
      { schema: { params: creatorParams, response: { 200: messageResponse } } },
      (request) => audience.withdrawEmailShare(request.userId, request.params.creatorId),
    );
  };
}
