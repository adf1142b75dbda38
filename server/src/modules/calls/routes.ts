import { callSummary, callTicket } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonId, pathId } from '../../lib/validation.ts';
import type { CallsService } from './service.ts';

const ticketBody = z.object({
  room_id: z.string({ error: 'Name the call room.' }).max(100),
  /** The call being joined: a call that is over is refused (409). */
  call_id: jsonId('call_id').optional(),
});
const callParams = z.object({ id: pathId('Not a valid call id.') });
const callAnswer = { params: callParams, response: { 200: callSummary } };

export function callsRoutes(deps: { calls: CallsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/calls/ticket/',
      { schema: { body: ticketBody, response: { 200: callTicket } } },
      (request) =>
        deps.calls.ticket(
          request.userId,
          request.sessionId,
          request.body.room_id,
          request.body.call_id,
        ),
    );
    app.get('/calls/ringing/', { schema: { response: { 200: z.array(callSummary) } } }, (request) =>
      deps.calls.ringing(request.userId),
    );
    app.post('/calls/:id/answer/', { schema: callAnswer }, (request) =>
      deps.calls.answer(request.userId, request.params.id),
    );
    app.post('/calls/:id/decline/', { schema: callAnswer }, (request) =>
      deps.calls.decline(request.userId, request.params.id),
    );
    app.post('/calls/:id/end/', { schema: callAnswer }, (request) =>
      deps.calls.end(request.userId, request.params.id),
    );
  };
}
