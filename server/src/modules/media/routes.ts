import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { findUploadById } from '../uploads/repo.ts';
import type { MediaSigner } from './signing.ts';

const params = z.object({
  id: z.string(),
  variant: z.enum(['original', 'feed', 'thumb', 'poster']),
});
const query = z.object({ exp: z.string().default(''), sig: z.string().default('') });

/**
 * Media bytes, only through signed URLs that the API hands to viewers allowed to see them.
 * A bare, tampered or expired URL answers 404 and reveals nothing.
 */
export function mediaRoutes(deps: {
  db: Database;
  storage: MediaStorage;
  signer: MediaSigner;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/:id/:variant',
      { schema: { params, querystring: query } },
      async (request, reply) => {
        const { id, variant } = request.params;
        const { exp, sig } = request.query;
        const notFound = new NotFoundError('Media not found or link expired.');
        if (!deps.signer.verify(id, variant, exp, sig)) throw notFound;
        const upload = await findUploadById(deps.db, id);
        const key = variant === 'original' ? upload?.storageKey : upload?.variants[variant];
        if (!upload || !key) throw notFound;
        const contentType = variant === 'original' ? upload.contentType : 'image/webp';
        const relative = path.relative(deps.storage.root, deps.storage.localPath(key));
        void reply
          .header('cache-control', 'private, max-age=3600')
          .header('content-type', contentType)
          .header(
            'content-disposition',
            `inline; filename*=UTF-8''${encodeURIComponent(upload.originalFilename)}`,
          );
        return reply.sendFile(relative, deps.storage.root, { cacheControl: false });
      },
    );
  };
}
