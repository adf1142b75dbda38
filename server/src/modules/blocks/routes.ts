import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockedUserList, blockState } from '@zura/contracts';
import { z } from 'zod';
import { pathUserKey } from '../../lib/validation.ts';
import type { BlocksService } from './service.ts';

// Named like the other /auth/users/ routes' parameter, which the router requires.
const params = z.object({ idOrUsername: pathUserKey() });

/** Blocking and unblocking, and the caller's list (the /api guard checks the caller first). */
export function blocksRoutes(deps: { blocks: BlocksService }): FastifyPluginAsyncZod {
  const { blocks } = deps;
  return async (app) => {
    app.get('/auth/blocks/', { schema: { response: { 200: blockedUserList } } }, (request) =>
      blocks.list(request.userId),
    );
    app.post(
      '/auth/users/:idOrUsername/block/',
      { schema: { params, response: { 200: blockState } } },
      (request) => blocks.block(request.userId, request.params.idOrUsername),
    );
    app.delete(
      '/auth/users/:idOrUsername/block/',
      { schema: { params, response: { 200: blockState } } },
      (request) => blocks.unblock(request.userId, request.params.idOrUsername),
    );
  };
}
