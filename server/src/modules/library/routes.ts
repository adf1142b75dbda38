import { libraryPage, libraryStorage } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryInteger } from '../../lib/validation.ts';
import type { UploadsService } from '../uploads/index.ts';
import { decodeLibraryCursor, type LibraryService } from './service.ts';

const listQuery = z.object({
  limit: queryInteger('limit', 1, 200).default(60),
  cursor: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const cursor = decodeLibraryCursor(value);
      if (!cursor) ctx.addIssue({ code: 'custom', message: 'cursor is not valid.' });
      return cursor;
    }),
});

export function libraryRoutes(deps: {
  library: LibraryService;
  uploads: Pick<UploadsService, 'storageUse'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/library/',
      { schema: { querystring: listQuery, response: { 200: libraryPage } } },
      (request) => deps.library.list(request.userId, request.query.cursor, request.query.limit),
    );

    // What the library page's meter shows: originals stored, of the user's quota.
    app.get('/library/storage/', { schema: { response: { 200: libraryStorage } } }, (request) =>
      deps.uploads.storageUse(request.userId),
    );
  };
}
