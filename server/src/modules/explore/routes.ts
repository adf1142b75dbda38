import { creatorSearchPage } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryInteger } from '../../lib/validation.ts';
import type { ExploreService } from './service.ts';

const searchQuery = z.object({
  q: z.string().max(200, 'Search for at most 200 characters.').default(''),
  category: z.string().max(60).optional(),
  sort: z
    .enum(['relevance', 'newest', 'followers'], {
      error: 'sort must be relevance, newest or followers.',
    })
    .default('relevance'),
  limit: queryInteger('limit', 1, 50).default(20),
  offset: queryInteger('offset', 0, 10_000).default(0),
});

export function exploreRoutes(deps: { explore: ExploreService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/explore/creators/',
      { schema: { querystring: searchQuery, response: { 200: creatorSearchPage } } },
      (request) => {
        const { q, category, sort, limit, offset } = request.query;
        return deps.explore.creators(request.userId, {
          q,
          category: category || undefined,
          sort,
          limit,
          offset,
        });
      },
    );
  };
}
