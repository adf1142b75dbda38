import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequireUser } from '../../plugins/auth.ts';
import type { CallsService } from './service.ts';

const ticketBody = z.object({
  room_id: z.string({ error: 'Name the call room.' }).max(100),
});

export function callsRoutes(deps: {
  calls: CallsService;
  requireUser: RequireUser;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/calls/ticket/',
      { preHandler: deps.requireUser, schema: { body: ticketBody } },
      (request) => deps.calls.ticket(request.userId, request.sessionId, request.body.room_id),
    );
  };
}
