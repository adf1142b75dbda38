import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { likeState, presentedPosts } from '@zura/contracts';
import { z } from 'zod';
import { pathId } from '../../lib/validation.ts';
import { keysetPageQuery, FEED_DEFAULT_LIMIT, FEED_MAX_LIMIT } from '../posts/index.ts';
import type { LikesService } from './service.ts';

const postParams = z.object({ id: pathId('Not a valid post id.') });
const likedQuery = keysetPageQuery(FEED_MAX_LIMIT, FEED_DEFAULT_LIMIT);

/** Liking a post, unliking it, and the caller's liked posts (the /api guard checks the caller). */
export function likesRoutes(deps: { likes: LikesService }): FastifyPluginAsyncZod {
  const { likes } = deps;
  return async (app) => {
    app.put(
      '/posts/:id/like/',
      { schema: { params: postParams, response: { 200: likeState } } },
      (request) => likes.like(request.userId, request.params.id),
    );
    app.delete(
      '/posts/:id/like/',
      { schema: { params: postParams, response: { 200: likeState } } },
      (request) => likes.unlike(request.userId, request.params.id),
    );
    // A bare array like the feed's, the next page's address in `Link`.
    app.get(
      '/posts/liked/',
      { schema: { querystring: likedQuery, response: { 200: presentedPosts } } },
      async (request, reply) => {
        const { limit, before } = request.query;
        const page = await likes.liked(request.userId, before, limit);
        if (page.nextCursor) {
          const path = request.url.split('?')[0] ?? '';
          void reply.header(
            'link',
            `<${path}?limit=${limit}&before=${page.nextCursor}>; rel="next"`,
          );
        }
        return page.posts;
      },
    );
  };
}
