import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { findUploadById } from '../uploads/repo.ts';
import { planMediaAnswer } from './delivery.ts';
import type { MediaSigner } from './signing.ts';

const params = z.object({
  id: z.string(),
  variant: z.enum(['original', 'feed', 'thumb', 'poster']),
});
const query = z.object({ exp: z.string().default(''), sig: z.string().default('') });

const NOT_FOUND_MESSAGE = 'Media not found or link expired.';

/**
 * Media bytes, only through signed URLs that the API hands to viewers allowed to see them.
 * A bare, tampered or expired URL answers 404 and reveals nothing. Past that check, a store
 * that can serve the bytes itself (S3) gets a redirect to its own URL of a few minutes;
 * otherwise they stream through here with Range support.
 */
export function mediaRoutes(deps: {
  db: Database;
  storage: MediaStorage;
  signer: MediaSigner;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      // HEAD is ours, not Fastify's generated one, which would answer a content-length of 0.
      method: ['GET', 'HEAD'],
      url: '/media/:id/:variant',
      schema: { params, querystring: query },
      // Compressing would break byte ranges, and media is compressed already.
      compress: false,
      handler: async (request, reply) => {
        const { id, variant } = request.params;
        const { exp, sig } = request.query;
        if (!deps.signer.verify(id, variant, exp, sig)) throw new NotFoundError(NOT_FOUND_MESSAGE);
        const upload = await findUploadById(deps.db, id);
        const key = variant === 'original' ? upload?.storageKey : upload?.variants[variant];
        if (!upload || !key) throw new NotFoundError(NOT_FOUND_MESSAGE);
        const contentType = variant === 'original' ? upload.contentType : 'image/webp';
        const contentDisposition = `inline; filename*=UTF-8''${encodeURIComponent(upload.originalFilename)}`;

        const answer = await planMediaAnswer(
          deps.storage,
          key,
          { contentType, contentDisposition },
          { range: request.headers.range, ifRange: request.headers['if-range'] !== undefined },
        );
        if (answer.kind === 'redirect') {
          // Nobody may keep the link past our gate: the next view asks us again.
          return reply
            .code(302)
            .header('cache-control', 'private, no-store')
            .header('location', answer.url)
            .send();
        }
        if (answer.kind === 'missing') throw new NotFoundError(NOT_FOUND_MESSAGE);
        void reply.header('accept-ranges', 'bytes');
        if (answer.kind === 'unsatisfiable') {
          return reply
            .code(416)
            .header('content-range', `bytes */${answer.size}`)
            .send({ detail: 'The requested range is not within the file.' });
        }

        const { size, range } = answer;
        let body: Readable | undefined;
        if (request.method !== 'HEAD') {
          try {
            body = await deps.storage.read(key, range);
          } catch (error) {
            // Removed between the size check and the read: the same 404 as any missing file.
            if (!(await deps.storage.stat(key))) throw new NotFoundError(NOT_FOUND_MESSAGE);
            throw error;
          }
        }
        void reply
          .header('cache-control', 'private, max-age=3600')
          .header('content-type', contentType)
          .header('content-disposition', contentDisposition)
          .header('content-length', range ? range.end - range.start + 1 : size);
        if (range) {
          void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
        }
        return reply.send(body);
      },
    });
  };
}
