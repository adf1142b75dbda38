import {
  adminPayoutList,
  amountSchema,
  MAX_TOPUP_CENTS,
  MIN_AMOUNT_CENTS,
  payout,
  payoutList,
  topupAnswer,
  walletSummary,
  walletTransactionList,
  webhookAnswer,
} from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId, queryInteger } from '../../lib/validation.ts';
import { adminRoute, publicRoute } from '../../plugins/auth.ts';
import { idempotencyKeyOf } from './idempotency.ts';
import type { WalletService } from './service.ts';

const amountBody = z.object({ amount: amountSchema(MIN_AMOUNT_CENTS, MAX_TOPUP_CENTS) });
const transactionsQuery = z.object({
  before: queryInteger('before', 1).optional(),
  limit: queryInteger('limit', 1, 100).default(50),
});
const payoutStatusQuery = z.object({ status: z.enum(['requested', 'paid']).default('requested') });
const idParams = z.object({ id: pathId('Not a valid id.') });

export function walletRoutes(deps: { wallet: WalletService }): FastifyPluginAsyncZod {
  const { wallet } = deps;
  return async (app) => {
    app.get('/wallet/', { schema: { response: { 200: walletSummary } } }, (request) =>
      wallet.getWallet(request.userId),
    );

    app.get(
      '/wallet/transactions/',
      { schema: { querystring: transactionsQuery, response: { 200: walletTransactionList } } },
      (request) =>
        wallet.listTransactions(request.userId, request.query.before, request.query.limit),
    );

    app.post(
      '/wallet/topups/',
      { schema: { body: amountBody, response: { 201: topupAnswer } } },
      async (request, reply) => {
        const result = await wallet.topUp(
          request.userId,
          request.body.amount,
          idempotencyKeyOf(request.headers),
        );
        // Only a success is kept under a key, so a replay answers 201 like the first time.
        return reply.status(201).send(result.body);
      },
    );

    app.get('/wallet/payouts/', { schema: { response: { 200: payoutList } } }, (request) =>
      wallet.listPayouts(request.userId),
    );

    app.post(
      '/wallet/payouts/',
      { schema: { body: amountBody, response: { 201: payout } } },
      async (request, reply) => {
        const result = await wallet.requestPayout(
          request.userId,
          request.body.amount,
          idempotencyKeyOf(request.headers),
        );
        // Only a success is kept under a key, so a replay answers 201 like the first time.
        return reply.status(201).send(result.body);
      },
    );

    app.get(
      '/admin/payouts/',
      {
        config: adminRoute,
        schema: { querystring: payoutStatusQuery, response: { 200: adminPayoutList } },
      },
      (request) => wallet.listPayoutsForAdmin(request.query.status),
    );

    app.post(
      '/admin/payouts/:id/mark-paid/',
      { config: adminRoute, schema: { params: idParams, response: { 200: payout } } },
      (request) => wallet.markPayoutPaid(request.userId, request.params.id),
    );

    // The provider signs the exact bytes it sent, so this route keeps the raw body.
    await app.register(async (webhooks) => {
      webhooks.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer' },
        (_request, body, done) => {
          done(null, body);
        },
      );
      // The provider proves itself by its signature, not by a user's token.
      webhooks.post(
        '/wallet/webhooks/stripe/',
        { config: publicRoute, schema: { response: { 200: webhookAnswer } } },
        (request) =>
          wallet.handleWebhook(
            request.body as Buffer,
            request.headers['stripe-signature'] as string | undefined,
          ),
      );
    });
  };
}
