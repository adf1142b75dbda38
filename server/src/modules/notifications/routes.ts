import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotificationsService } from './service.ts';

const listQuery = z.object({
  after_id: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
const idParams = z.object({
  id: z.coerce.number({ error: 'Not a valid notification id.' }).int().positive(),
});

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
