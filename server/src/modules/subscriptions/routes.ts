import { fanSubscription, fanSubscriptionList, subscribeMonths } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonId, pathId } from '../../lib/validation.ts';
import { idempotencyKeyOf } from '../wallet/index.ts';
import type { SubscriptionsService } from './service.ts';

const subscribeBody = z.object({
  creator_id: jsonId('creator_id', 'Choose a creator to subscribe to.'),
  // Consent to show the fan's email in this creator's audience export; strict true/false.
  share_email: z.boolean({ error: 'share_email must be true or false.' }).optional(),
  // 1 (the default) or a bundle's 3, 6 or 12; the server prices it, never the client.
  months: subscribeMonths.optional(),
  // The price the fan confirmed: never charged from, only compared (409 when it changed).
  expected_price_cents: z
    .int({ error: 'expected_price_cents must be a whole number of cents.' })
    .min(0, 'expected_price_cents must be a whole number of cents.')
    .optional(),
});
const idParams = z.object({ id: pathId('Not a valid subscription id.') });

export function subscriptionsRoutes(deps: {
  subscriptions: SubscriptionsService;
}): FastifyPluginAsyncZod {
  const { subscriptions } = deps;
  return async (app) => {
    const list = { schema: { response: { 200: fanSubscriptionList } } };
    app.get('/auth/subscriptions/active/', list, (request) =>
      subscriptions.listActive(request.userId),
    );
    app.get('/auth/subscriptions/expired/', list, (request) =>
      subscriptions.listExpired(request.userId),
    );
    app.post(
      '/auth/subscriptions/',
      { schema: { body: subscribeBody, response: { 201: fanSubscription } } },
      async (request, reply) => {
        const result = await subscriptions.subscribe(
          request.userId,
          request.body.creator_id,
          idempotencyKeyOf(request.headers),
          {
            shareEmail: request.body.share_email === true,
            months: request.body.months,
            expectedCents: request.body.expected_price_cents,
          },
        );
        // Only a success is kept under a key, so a replay answers 201 like the first time.
        return reply.status(201).send(result.body);
      },
    );
    app.post(
      '/auth/subscriptions/:id/cancel/',
      { schema: { params: idParams, response: { 200: fanSubscription } } },
      (request) => subscriptions.cancel(request.userId, request.params.id),
    );
  };
}
