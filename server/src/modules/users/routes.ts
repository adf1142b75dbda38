import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownProfile, suggestedProfileList } from '@zura/contracts';
import type { UsersService } from './service.ts';

export function usersRoutes(deps: { users: UsersService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/auth/profile/', { schema: { response: { 200: ownProfile } } }, (request) =>
      deps.users.getOwnProfile(request.userId),
    );

    app.get(
      '/auth/users/discover/',
      { schema: { response: { 200: suggestedProfileList } } },
      (request) => deps.users.discover(request.userId),
    );
  };
}
