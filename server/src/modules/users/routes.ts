import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownProfile } from '@zura/contracts';
import { z } from 'zod';
import type { UsersService } from './service.ts';

const suggestedProfile = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  profile_image: z.string().nullable(),
  profile_image_small: z.string().nullable(),
  followers: z.number().optional(),
  is_following: z.boolean(),
});

export function usersRoutes(deps: { users: UsersService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/auth/profile/', { schema: { response: { 200: ownProfile } } }, (request) =>
      deps.users.getOwnProfile(request.userId),
    );

    app.get(
      '/auth/users/discover/',
      { schema: { response: { 200: z.array(suggestedProfile) } } },
      (request) => deps.users.discover(request.userId),
    );
  };
}
