import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { followAnswer } from '@zura/contracts';
import { z } from 'zod';
import { pathUserKey } from '../../lib/validation.ts';
import type { FollowsService } from './service.ts';

// Named like the other /auth/users/ routes' parameter, which the router requires.
const params = z.object({ idOrUsername: pathUserKey() });

export function followsRoutes(deps: { follows: FollowsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/users/:idOrUsername/follow/',
      { schema: { params, response: { 200: followAnswer } } },
      (request) => deps.follows.follow(request.userId, request.params.idOrUsername),
    );
    app.delete(
      '/auth/users/:idOrUsername/follow/',
      { schema: { params, response: { 200: followAnswer } } },
      (request) => deps.follows.unfollow(request.userId, request.params.idOrUsername),
    );
  };
}
