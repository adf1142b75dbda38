import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { booleanField, MAX_POST_FILES, presentedPost, presentedPosts } from '@zura/contracts';
import { ValidationError } from '../../lib/errors.ts';
import { decodeFormFields, parseOrThrow, pathId, pathUserKey } from '../../lib/validation.ts';
import { receiveMultipart, type UploadsService } from '../uploads/index.ts';
import { keysetPageQuery } from './cursor.ts';
import { TOO_MANY_FILES_MESSAGE } from './post-files.ts';
import { FEED_DEFAULT_LIMIT, FEED_MAX_LIMIT } from './policy.ts';
import { publishTimeOrThrow } from './schedule.ts';
import type { PostPage, PostsService } from './service.ts';
import { saleFields } from './sale-input.ts';

export const pageQuery = keysetPageQuery(FEED_MAX_LIMIT, FEED_DEFAULT_LIMIT);
const feedQuery = pageQuery.extend({
  source: z.enum(['following', 'all'], { error: 'source must be following or all.' }).optional(),
});
const postParams = z.object({ id: pathId('Not a valid post id.') });
/** The form's flags, as the web app sends them: 'true' or 'false'. */
const postFlags = z.object({
  is_locked: booleanField('is_locked').default(false),
  is_draft: booleanField('is_draft').default(false),
  /** The visible mark (issue 35); left out, the post follows the author's default. */
  visible_mark: booleanField('visible_mark').optional(),
});
const userParams = z.object({ idOrUsername: pathUserKey() });
const unlockBody = z.object({ password: z.string().optional() }).nullish();

/** The body stays a bare array as the spec's client expects; the next page is in `Link`. */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PostPage,
  limit: number,
  extraQuery = '',
) {
  if (page.nextCursor) {
    const path = request.url.split('?')[0] ?? '';
    void reply.header(
      'link',
      `<${path}?limit=${limit}&before=${page.nextCursor}${extraQuery}>; rel="next"`,
    );
  }
  return reply.send(page.posts);
}

export function postsRoutes(deps: {
  posts: PostsService;
  uploads: UploadsService;
}): FastifyPluginAsyncZod {
  const { posts, uploads } = deps;
  return async (app) => {
    app.get(
      '/posts/',
      { schema: { querystring: feedQuery, response: { 200: presentedPosts } } },
      async (request, reply) => {
        const { limit, before, source } = request.query;
        const feed = await posts.feed(request.userId, before, limit, source);
        void reply.header('x-feed-source', feed.source);
        return sendPage(request, reply, feed, limit, `&source=${feed.source}`);
      },
    );

    app.get(
      '/posts/user/:idOrUsername/',
      { schema: { params: userParams, querystring: pageQuery, response: { 200: presentedPosts } } },
      async (request, reply) => {
        const { limit, before } = request.query;
        const page = await posts.postsOf(
          request.userId,
          request.params.idOrUsername,
          before,
          limit,
        );
        return sendPage(request, reply, page, limit);
      },
    );

    app.post(
      '/posts/',
      { schema: { response: { 201: presentedPost } } },
      async (request, reply) => {
        const body = await receiveMultipart(request, uploads, ['media'], {
          maxFiles: { media: MAX_POST_FILES },
          tooManyFiles: () => new ValidationError({ media: [TOO_MANY_FILES_MESSAGE] }),
        });
        try {
          const { fields } = body;
          const flags = parseOrThrow(
            postFlags,
            decodeFormFields(fields, [], ['is_locked', 'is_draft', 'visible_mark']),
          );
          // A time to publish at makes the post a scheduled draft (`schedule.ts`).
          const publishAt = fields.publish_at ? publishTimeOrThrow(fields.publish_at) : undefined;
          const created = await posts.createPost(request.userId, {
            content: fields.content ?? '',
            isLocked: flags.is_locked,
            isDraft: flags.is_draft || publishAt !== undefined,
            ...(publishAt ? { publishAt } : {}),
            password: fields.password ?? '',
            mediaType: fields.media_type,
            media: body.fileLists.get('media') ?? [],
            sale: saleFields(fields),
            visibleMark: flags.visible_mark ?? null,
          });
          return await reply.status(201).send(created);
        } finally {
          await body.discardAll();
        }
      },
    );

    app.delete('/posts/:id/', { schema: { params: postParams } }, async (request, reply) => {
      await posts.deletePost(request.userId, request.params.id);
      return reply.status(204).send();
    });

    app.post(
      '/posts/:id/unlock/',
      {
        schema: {
          params: postParams,
          body: unlockBody,
          response: { 200: z.object({ message: z.string(), post: presentedPost }) },
        },
      },
      (request) => posts.unlockPost(request.userId, request.params.id, request.body?.password),
    );
  };
}
