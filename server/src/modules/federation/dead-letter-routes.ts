import { federationDeliveries, messageResponse } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { pathId } from '../../lib/validation.ts';
import { adminRoute } from '../../plugins/auth.ts';
import type { DeliveryAdmin } from './start.ts';

const letterParams = z.object({ id: pathId('Not a valid dead letter id.') });
/** Dead letters an admin sees at once: the newest; older ones age out of interest. */
const LIST_LIMIT = 100;

/**
 * The admins' view of federation deliveries (issue 36): the backlog of the queue and the
 * deliveries given up on, each of which can be sent again or forgotten. Admins only; the /api
 * guard checks that before anything is validated.
 */
export function deadLetterRoutes(deps: {
  deliveries: DeliveryAdmin | undefined;
}): FastifyPluginAsyncZod {
  const deliveries = () => {
    if (!deps.deliveries) throw new NotFoundError('Federation is turned off on this server.');
    return deps.deliveries;
  };
  const notFound = () => new NotFoundError('No such dead letter.');
  return async (app) => {
    app.get(
      '/federation/deliveries/',
      { config: adminRoute, schema: { response: { 200: federationDeliveries } } },
      async () => {
        const admin = deliveries();
        const [letters, backlog] = await Promise.all([admin.list(LIST_LIMIT), admin.backlog()]);
        return {
          results: letters.map((letter) => ({
            id: letter.id,
            activity_id: letter.activityId,
            activity_type: letter.activityType,
            inbox: letter.inbox,
            status_code: letter.statusCode,
            error: letter.error,
            attempts: letter.attempts,
            failed_at: letter.failedAt.toISOString(),
          })),
          backlog,
        };
      },
    );
    app.post(
      '/federation/deliveries/:id/retry/',
      { config: adminRoute, schema: { params: letterParams, response: { 200: messageResponse } } },
      async (request) => {
        if (!(await deliveries().retry(request.params.id))) throw notFound();
        return { message: 'The delivery is queued again.' };
      },
    );
    app.delete(
      '/federation/deliveries/:id/',
      { config: adminRoute, schema: { params: letterParams } },
      async (request, reply) => {
        if (!(await deliveries().discard(request.params.id))) throw notFound();
        return reply.code(204).send();
      },
    );
  };
}
