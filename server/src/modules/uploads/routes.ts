import { uploadedFile, uploadedFileList } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_CONTEXTS } from '../../db/schema/index.ts';
import { queryInteger } from '../../lib/validation.ts';
import { receiveMultipart } from './multipart.ts';
import type { UploadsService } from './service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid file id.' }) });
const listQuery = z.object({
  context: z
    .enum(UPLOAD_CONTEXTS, { error: `Choose one of: ${UPLOAD_CONTEXTS.join(', ')}.` })
    .optional(),
  limit: queryInteger('limit', 1, 100).default(50),
});

export function uploadsRoutes(deps: { uploads: UploadsService }): FastifyPluginAsyncZod {
  const { uploads } = deps;
  return async (app) => {
    app.post(
      '/uploads/',
      { schema: { response: { 201: uploadedFile } } },
      async (request, reply) => {
        const body = await receiveMultipart(request, uploads, ['file']);
        try {
          const presented = await uploads.finishUpload(
            request.userId,
            body.files.get('file'),
            body.fields.context,
          );
          return await reply.status(201).send(presented);
        } finally {
          await body.discardAll();
        }
      },
    );

    app.get(
      '/uploads/my-files/',
      { schema: { querystring: listQuery, response: { 200: uploadedFileList } } },
      (request) =>
        uploads.listOwn(request.userId, {
          context: request.query.context,
          limit: request.query.limit,
        }),
    );

    app.get(
      '/uploads/:id/',
      { schema: { params: idParams, response: { 200: uploadedFile } } },
      (request) => uploads.getOwn(request.userId, request.params.id),
    );

    app.delete('/uploads/:id/', { schema: { params: idParams } }, async (request, reply) => {
      await uploads.deleteOwn(request.userId, request.params.id);
      return reply.status(204).send();
    });
  };
}
