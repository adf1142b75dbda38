import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockedUserList, blockState } from '@zura/contracts';
import { z } from 'zod';
import type { RequireUser } from '../../plugins/auth.ts';
import type { BlocksService } from './service.ts';

// Named like the other /auth/users/ routes' parameter, which the router requires.
const params = z.object({ idOrUsername: z.string().min(1).max(64) });

/** Blocking and unblocking, and the caller's list. The caller is checked before validation. */
export function blocksRoutes(deps: {
  blocks: BlocksService;
  requireUser: RequireUser;
}): FastifyPluginAsyncZod {
  const { blocks, requireUser } = deps;
  return async (app) => {
    app.get(
      '/auth/blocks/',
      { onRequest: requireUser, schema: { response: { 200: blockedUserList } } },
      (request) => blocks.list(request.userId),
    );
    app.post(
      '/auth/users/:idOrUsername/block/',
      { onRequest: requireUser, schema: { params, response: { 200: blockState } } },
      (request) => blocks.block(request.userId, request.params.idOrUsername),
    );
    app.delete(
      '/auth/users/:idOrUsername/block/',
      { onRequest: requireUser, schema: { params, response: { 200: blockState } } },
      (request) => blocks.unblock(request.userId, request.params.idOrUsername),
    );
  };
}
