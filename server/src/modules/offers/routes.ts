import {
  bundleList,
  bundlesBody,
  createOfferBody,
  creatorOffer,
  creatorOfferList,
  publicOffer,
  subscribeOptions,
} from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '../../lib/validation.ts';
import { publicRoute } from '../../plugins/auth.ts';
import type { OffersService } from './service.ts';

const idParams = z.object({ id: pathId('Not a valid offer id.') });
const creatorParams = z.object({ creatorId: pathId('Not a valid creator id.') });
const codeParams = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a valid offer code.'),
});
const claimedTrial = z.object({
  id: z.number(),
  creator_id: z.number(),
  username: z.string(),
  is_trial: z.boolean(),
  price_cents: z.number(),
  current_period_end: z.string(),
});

/** A creator's offers and bundles; the public offer link; what a fan may choose on subscribe. */
export function offersRoutes(deps: { offers: OffersService }): FastifyPluginAsyncZod {
  const { offers } = deps;
  return async (app) => {
    app.get('/creator/offers/', { schema: { response: { 200: creatorOfferList } } }, (request) =>
      offers.listOffers(request.userId),
    );
    app.post(
      '/creator/offers/',
      { schema: { body: createOfferBody, response: { 201: creatorOffer } } },
      async (request, reply) =>
        reply.status(201).send(await offers.createOffer(request.userId, request.body)),
    );
    app.post(
      '/creator/offers/:id/end/',
      { schema: { params: idParams, response: { 200: creatorOffer } } },
      (request) => offers.endOffer(request.userId, request.params.id),
    );
    app.get('/creator/bundles/', { schema: { response: { 200: bundleList } } }, (request) =>
      offers.getBundles(request.userId),
    );
    app.put(
      '/creator/bundles/',
      { schema: { body: bundlesBody, response: { 200: bundleList } } },
      (request) => offers.putBundles(request.userId, request.body),
    );
    app.get(
      '/offers/:code/',
      { config: publicRoute, schema: { params: codeParams, response: { 200: publicOffer } } },
      (request) => offers.publicOffer(request.params.code),
    );
    app.post(
      '/offers/:code/claim/',
      { schema: { params: codeParams, response: { 201: claimedTrial } } },
      async (request, reply) =>
        reply.status(201).send(await offers.claimTrial(request.userId, request.params.code)),
    );
    app.get(
      '/offers/for/:creatorId/',
      { schema: { params: creatorParams, response: { 200: subscribeOptions } } },
      (request) => offers.optionsFor(request.userId, request.params.creatorId),
    );
  };
}
