import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  draftList,
  postEdit,
  postSchedule,
  presentedPost,
  scheduledDraft,
  scheduledQueue,
} from '@zura/contracts';
import { z } from 'zod';
import { pathId } from '../../lib/validation.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { PostDrafts } from './drafts.ts';
import type { ScheduledPosts } from './schedule.ts';
import { pageQuery, sendPage } from './routes.ts';
import type { PostsService } from './service.ts';

const postParams = z.object({ id: pathId('Not a valid post id.') });

/**
 * One post by id (the post page a shared link opens), and the author's drafts: the list, an
 * edit of an own post's text, publishing. The /api guard signs the caller in first.
 */
export function postPageRoutes(deps: {
  posts: PostsService;
  drafts: PostDrafts;
  schedule: ScheduledPosts;
}): FastifyPluginAsyncZod {
  const { posts, drafts, schedule } = deps;
  return async (app) => {
    app.get(
      '/posts/drafts/',
      { schema: { querystring: pageQuery, response: { 200: draftList } } },
      async (request, reply) => {
        const { limit, before } = request.query;
        const page = await drafts.list(request.userId, before, limit);
        const times = await schedule.publishTimesOf(
          request.userId,
          page.posts.map((post) => post.id),
        );
        const withTimes = page.posts.map((post) => ({
          ...post,
          publish_at: times.get(post.id)?.toISOString() ?? null,
        }));
        return sendPage(request, reply, { ...page, posts: withTimes }, limit);
      },
    );

    app.get('/posts/scheduled/', { schema: { response: { 200: scheduledQueue } } }, (request) =>
      schedule.listQueue(request.userId),
    );

    app.patch(
      '/posts/:id/schedule/',
      { schema: { params: postParams, body: postSchedule, response: { 200: scheduledDraft } } },
      (request) => schedule.reschedule(request.userId, request.params.id, request.body.publish_at),
    );

    app.get(
      '/posts/:id/',
      { schema: { params: postParams, response: { 200: presentedPost } } },
      async (request) => {
        const post = await posts.findPresentedPost(request.userId, request.params.id);
        if (!post) throw new NotFoundError('Post not found.');
        return post;
      },
    );

    app.patch(
      '/posts/:id/',
      { schema: { params: postParams, body: postEdit, response: { 200: presentedPost } } },
      (request) => drafts.edit(request.userId, request.params.id, request.body),
    );

    app.post(
      '/posts/:id/publish/',
      { schema: { params: postParams, response: { 200: presentedPost } } },
      (request) => drafts.publish(request.userId, request.params.id),
    );
  };
}
