import { subscriptionContents } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathUserKey } from '../../lib/validation.ts';
import type { Database } from '../../db/client.ts';
import type { ProfilesService } from '../profiles/index.ts';
import { subscriptionContentsFor } from './service.ts';

// Named like the other /auth/users/ routes' parameter, which the router requires.
const params = z.object({ idOrUsername: pathUserKey() });

/** What a creator's subscription includes, before paying (the /api guard checks the caller). */
export function subscriptionContentsRoutes(deps: {
  db: Database;
  profiles: ProfilesService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/auth/users/:idOrUsername/contents/',
      { schema: { params, response: { 200: subscriptionContents } } },
      (request) => subscriptionContentsFor(deps, request.userId, request.params.idOrUsername),
    );
  };
}
