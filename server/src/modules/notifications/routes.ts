import {
  notificationList,
  notificationMarkedRead,
  notificationsMarkedRead,
  notificationSummary,
} from '@zura/contracts';
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
    const list = { schema: { querystring: listQuery, response: { 200: notificationList } } };
    app.get('/notifications/', list, (request) =>
      notifications.list(request.userId, {
        afterId: request.query.after_id,
        limit: request.query.limit,
      }),
    );
    app.get('/notifications/unread/', list, (request) =>
      notifications.list(request.userId, {
        unreadOnly: true,
        afterId: request.query.after_id,
        limit: request.query.limit,
      }),
    );
    app.get(
      '/notifications/summary/',
      { schema: { response: { 200: notificationSummary } } },
      (request) => notifications.summary(request.userId),
    );
    app.post(
      '/notifications/:id/mark_read/',
      { schema: { params: idParams, response: { 200: notificationMarkedRead } } },
      (request) => notifications.markRead(request.userId, request.params.id),
    );
    app.post(
      '/notifications/mark_all_read/',
      { schema: { response: { 200: notificationsMarkedRead } } },
      (request) => notifications.markAllRead(request.userId),
    );
  };
}
