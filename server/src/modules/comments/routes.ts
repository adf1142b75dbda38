import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentContent,
  commentCreated,
  commentDeleted,
  commentPage,
  comment,
  COMMENTS_PAGE_DEFAULT,
  COMMENTS_PAGE_MAX,
  commentSettings,
  commentSettingsRequest,
} from '@zura/contracts';
import { z } from 'zod';
import { jsonId, pathId } from '../../lib/validation.ts';
import { keysetPageQuery } from '../posts/index.ts';
import type { CommentsService } from './service.ts';

const pageQuery = keysetPageQuery(COMMENTS_PAGE_MAX, COMMENTS_PAGE_DEFAULT);
const postParams = z.object({ id: pathId('Not a valid post id.') });
const commentParams = z.object({ id: pathId('Not a valid comment id.') });
const newComment = z.object({ content: commentContent, parent_id: jsonId('parent_id').optional() });
const editedComment = z.object({ content: commentContent });

/** Comments on posts and their replies (the /api guard signs the caller in first). */
export function commentsRoutes(deps: { comments: CommentsService }): FastifyPluginAsyncZod {
  const { comments } = deps;
  return async (app) => {
    app.get(
      '/posts/:id/comments/',
      { schema: { params: postParams, querystring: pageQuery, response: { 200: commentPage } } },
      (request) => {
        const { limit, before } = request.query;
        return comments.list(request.userId, request.params.id, before, limit);
      },
    );
    app.post(
      '/posts/:id/comments/',
      { schema: { params: postParams, body: newComment, response: { 201: commentCreated } } },
      async (request, reply) => {
        const { content, parent_id } = request.body;
        const created = await comments.create(request.userId, request.params.id, {
          content,
          parentId: parent_id,
        });
        return reply.status(201).send(created);
      },
    );
    app.patch(
      '/posts/:id/comments/settings/',
      {
        schema: {
          params: postParams,
          body: commentSettingsRequest,
          response: { 200: commentSettings },
        },
      },
      (request) =>
        comments.settings(request.userId, request.params.id, request.body.comments_enabled),
    );
    app.get(
      '/comments/:id/replies/',
      {
        schema: { params: commentParams, querystring: pageQuery, response: { 200: commentPage } },
      },
      (request) => {
        const { limit, before } = request.query;
        return comments.replies(request.userId, request.params.id, before, limit);
      },
    );
    app.patch(
      '/comments/:id/',
      { schema: { params: commentParams, body: editedComment, response: { 200: comment } } },
      (request) => comments.edit(request.userId, request.params.id, request.body.content),
    );
    app.delete(
      '/comments/:id/',
      { schema: { params: commentParams, response: { 200: commentDeleted } } },
      (request) => comments.remove(request.userId, request.params.id),
    );
  };
}
