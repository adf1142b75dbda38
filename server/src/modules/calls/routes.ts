import { callTicket } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CallsService } from './service.ts';

const ticketBody = z.object({
  room_id: z.string({ error: 'Name the call room.' }).max(100),
});

export function callsRoutes(deps: { calls: CallsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/calls/ticket/',
      { schema: { body: ticketBody, response: { 200: callTicket } } },
      (request) => deps.calls.ticket(request.userId, request.sessionId, request.body.room_id),
    );
  };
}
