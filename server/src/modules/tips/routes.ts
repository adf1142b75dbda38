import { amountSchema, MAX_TIP_CENTS, MIN_AMOUNT_CENTS, tipAnswer } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonId } from '../../lib/validation.ts';
import { idempotencyKeyOf } from '../wallet/index.ts';
import type { TipsService } from './service.ts';

const tipBody = z.object({
  creator_id: jsonId('creator_id', 'Choose a creator to tip.'),
  amount: amountSchema(MIN_AMOUNT_CENTS, MAX_TIP_CENTS),
  post_id: jsonId('post_id').optional(),
});

export function tipsRoutes(deps: { tips: TipsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/tips/',
      { schema: { body: tipBody, response: { 201: tipAnswer } } },
      async (request, reply) => {
        const { creator_id, amount, post_id } = request.body;
        const result = await deps.tips.tip(
          request.userId,
          { creatorId: creator_id, amountCents: amount, postId: post_id },
          idempotencyKeyOf(request.headers),
        );
        // Only a success is kept under a key, so a replay answers 201 like the first time.
        return reply.status(201).send(result.body);
      },
    );
  };
}
