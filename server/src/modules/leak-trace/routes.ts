import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LEAK_TRACE_MAX_BYTES, leakTraceResult } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LeakTraceScope } from '../../db/schema/index.ts';
import { AppError, BadRequestError } from '../../lib/errors.ts';
import { pathId } from '../../lib/validation.ts';
import { adminRoute } from '../../plugins/auth.ts';
import type { LeakTracer, Suspect } from './service.ts';

const traceParams = z.object({ id: pathId('Not a valid trace id.') });

/**
 * The suspected copy: the multipart field `file`, streamed to a temporary file up to the
 * tracer's limit (a video may be large), handed to `use` and removed after. Read only once the
 * caller is signed in and allowed.
 */
async function withSuspect<T>(request: FastifyRequest, use: (suspect: Suspect) => Promise<T>) {
  if (!request.isMultipart()) throw new BadRequestError('Send the file as multipart/form-data.');
  request.allowUploadTime();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'zura-suspect-'));
  const file = path.join(dir, 'suspect');
  try {
    let received = false;
    try {
      for await (const part of request.parts({
        limits: { fileSize: LEAK_TRACE_MAX_BYTES, files: 1, fields: 5 },
      })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          continue;
        }
        await pipeline(part.file, createWriteStream(file));
        if (part.file.truncated) throw new AppError(413, 'payload_too_large', TOO_LARGE_MESSAGE);
        received = true;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(413, 'payload_too_large', TOO_LARGE_MESSAGE);
      throw new BadRequestError('The upload was interrupted or malformed. Please try again.');
    }
    const bytes = received ? (await stat(file)).size : 0;
    if (!received || bytes === 0)
      throw new BadRequestError(CHOOSE_FILE_MESSAGE, { file: [CHOOSE_FILE_MESSAGE] });
    return await use({ file, bytes });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const CHOOSE_FILE_MESSAGE = 'Choose the file to trace.';
const TOO_LARGE_MESSAGE = `The file is too large to trace. Maximum size: ${LEAK_TRACE_MAX_BYTES / 1024 ** 3}GB.`;

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
        (request) =>
          withSuspect(request, (suspect) => tracer.trace(request.userId, scope, suspect)),
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
