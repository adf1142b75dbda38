import { presentedPost } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '../../lib/validation.ts';
import { idempotencyKeyOf } from '../wallet/index.ts';
import type { PostPurchases } from './purchases.ts';

const postParams = z.object({ id: pathId('Not a valid post id.') });

/** POST /posts/{id}/purchase/: buys a pay-per-view post (an Idempotency-Key is required). */
export function postPurchaseRoutes(deps: { purchases: PostPurchases }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/posts/:id/purchase/',
      { schema: { params: postParams, response: { 200: presentedPost } } },
      (request) =>
        deps.purchases.purchase(
          request.userId,
          request.params.id,
          idempotencyKeyOf(request.headers),
        ),
    );
  };
}
