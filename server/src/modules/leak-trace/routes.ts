import { LEAK_TRACE_MAX_BYTES, leakTraceResult } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LeakTraceScope } from '../../db/schema/index.ts';
import { AppError, BadRequestError } from '../../lib/errors.ts';
import { pathId } from '../../lib/validation.ts';
import { adminRoute } from '../../plugins/auth.ts';
import { NOT_AN_IMAGE_MESSAGE, TOO_LARGE_MESSAGE, type LeakTracer } from './service.ts';

const traceParams = z.object({ id: pathId('Not a valid trace id.') });

/**
 * The suspected copy: the multipart field `file`, read into memory up to the tracer's limit (a
 * trace reads the whole image anyway). Called once the caller is signed in and allowed.
 */
async function suspectOf(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new BadRequestError('Send the file as multipart/form-data.');
  request.allowUploadTime();
  try {
    for await (const part of request.parts({
      limits: { fileSize: LEAK_TRACE_MAX_BYTES, files: 1, fields: 5 },
    })) {
      if (part.type === 'file' && part.fieldname === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length === 0) throw new BadRequestError(NOT_AN_IMAGE_MESSAGE);
        return bytes;
      }
      if (part.type === 'file') part.file.resume();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'payload_too_large', TOO_LARGE_MESSAGE);
    throw new BadRequestError('The upload was interrupted or malformed. Please try again.');
  }
  throw new BadRequestError('Choose the file to trace.', { file: ['Choose the file to trace.'] });
}

/**
 * The leak tracer (issue 35): a creator's, for their own uploads, and an admin's, for any; each
 * answers what it found, and a trace that named an account gives a takedown notice as text.
 */
export function leakTraceRoutes(deps: { tracer: LeakTracer }): FastifyPluginAsyncZod {
  const { tracer } = deps;
  const routes = (scope: LeakTraceScope, prefix: string, config: object) =>
    async function register(app: Parameters<FastifyPluginAsyncZod>[0]) {
      app.post(
        `${prefix}/leak-trace/`,
        { config, schema: { response: { 200: leakTraceResult } } },
        async (request) => tracer.trace(request.userId, scope, await suspectOf(request)),
      );
      // Text, not JSON: the notice is pasted into a host's form or a mail.
      app.get(
        `${prefix}/leak-trace/:id/takedown/`,
        { config, schema: { params: traceParams } },
        async (request, reply) => {
          const notice = await tracer.takedown(request.userId, scope, request.params.id);
          return reply
            .header('content-type', 'text/plain; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="takedown-notice-${request.params.id}.txt"`,
            )
            .header('cache-control', 'no-store')
            .send(notice);
        },
      );
    };
  return async (app) => {
    await routes('creator', '/creator', {})(app);
    await routes('admin', '/admin', adminRoute)(app);
  };
}
