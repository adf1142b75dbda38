import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushDeviceState, pushKey, pushSubscriptionInput } from '@zura/contracts';
import { z } from 'zod';
import { publicRoute } from '../../plugins/auth.ts';
import type { PushService } from './service.ts';

/**
 * Web Push for this device. A subscription belongs to the caller's session (one sign-in on one
 * device), so every route but the key acts on "this device" and needs no id.
 */
export function pushRoutes(deps: { push: PushService }): FastifyPluginAsyncZod {
  const { push } = deps;
  return async (app) => {
    app.get('/push/key/', { config: publicRoute, schema: { response: { 200: pushKey } } }, () =>
      push.publicKey(),
    );
    app.get('/push/subscriptions/', { schema: { response: { 200: pushDeviceState } } }, (request) =>
      push.state(request.sessionId),
    );
    app.post(
      '/push/subscriptions/',
      { schema: { body: pushSubscriptionInput, response: { 201: pushDeviceState } } },
      async (request, reply) => {
        const state = await push.subscribe(request.userId, request.sessionId, request.body);
        return reply.code(201).send(state);
      },
    );
    app.delete(
      '/push/subscriptions/',
      { schema: { response: { 200: pushDeviceState } } },
      (request) => push.unsubscribe(request.sessionId),
    );
    app.post(
      '/push/test/',
      { schema: { response: { 202: z.object({ detail: z.string() }) } } },
      async (request, reply) =>
        reply.code(202).send(await push.sendTest(request.userId, request.sessionId)),
    );
  };
}
