import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorBody } from '../../lib/errors.ts';
import { publicRoute } from '../../plugins/auth.ts';
import { sharedPing } from './shared-ping.ts';

export function healthRoutes(deps: { db: Database }): FastifyPluginAsyncZod {
  const databaseAnswers = sharedPing(() => deps.db.execute(sql`select 1`));
  return async (app) => {
    app.get(
      '/',
      {
        config: publicRoute,
        schema: {
          response: {
            200: z.object({ status: z.literal('ok') }),
            503: z.object({ status: z.string(), code: z.string(), detail: z.string() }),
          },
        },
      },
      async (request, reply) => {
        try {
          await databaseAnswers();
          return { status: 'ok' as const };
        } catch (error) {
          request.log.warn({ err: error }, 'health check: database unreachable');
          return reply.status(503).send({
            status: 'database unavailable',
            ...errorBody('database_unavailable', 'The database does not answer.'),
          });
        }
      },
    );
  };
}
