import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequireUser } from '../../plugins/auth.ts';
import type { FollowsService } from './service.ts';

// Named like the other /auth/users/ routes' parameter, which the router requires.
const params = z.object({
  idOrUsername: z.coerce
    .number({ error: 'Not a valid user id.' })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER),
});
/** `followers` is left out for a locked profile the caller has not unlocked. */
const answer = z.object({ following: z.boolean(), followers: z.number().optional() });

export function followsRoutes(deps: {
  follows: FollowsService;
  requireUser: RequireUser;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/users/:idOrUsername/follow/',
      { preHandler: deps.requireUser, schema: { params, response: { 200: answer } } },
      (request) => deps.follows.follow(request.userId, request.params.idOrUsername),
    );
    app.delete(
      '/auth/users/:idOrUsername/follow/',
      { preHandler: deps.requireUser, schema: { params, response: { 200: answer } } },
      (request) => deps.follows.unfollow(request.userId, request.params.idOrUsername),
    );
  };
}
