import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId, queryInteger } from '../../lib/validation.ts';
import type { NotificationsService } from './service.ts';

const listQuery = z.object({
  after_id: queryInteger('after_id', 0).optional(),
  limit: queryInteger('limit', 1, 200).default(100),
});
const idParams = z.object({ id: pathId('Not a valid notification id.') });

export function notificationsRoutes(deps: {
  notifications: NotificationsService;
}): FastifyPluginAsyncZod {
  const { notifications } = deps;
  return async (app) => {
    app.get('/notifications/', { schema: { querystring: listQuery } }, (request) =>
      notifications.list(request.userId, {
        afterId: request.query.after_id,
        limit: request.query.limit,
      }),
    );
    app.get('/notifications/unread/', { schema: { querystring: listQuery } }, (request) =>
      notifications.list(request.userId, {
        unreadOnly: true,
        afterId: request.query.after_id,
        limit: request.query.limit,
      }),
    );
    app.get('/notifications/summary/', (request) => notifications.summary(request.userId));
    app.post('/notifications/:id/mark_read/', { schema: { params: idParams } }, (request) =>
      notifications.markRead(request.userId, request.params.id),
    );
    app.post('/notifications/mark_all_read/', (request) =>
      notifications.markAllRead(request.userId),
    );
  };
}
