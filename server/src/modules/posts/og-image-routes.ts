import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { findUploadById } from '../uploads/index.ts';
import type { SharePreviews } from './share-preview.ts';

const NOT_FOUND = 'No preview image for this post.';
/** Wide enough for the large cards of every unfurler, small enough to send quickly. */
const PREVIEW_WIDTH = 1200;

const params = z.object({ file: z.string().max(40) });

/**
 * JPEGs made lately, by stored object: unfurlers of a shared post come in bursts, and sharp
 * need not convert the same picture for each. Whether the post is still public is asked on
 * every request all the same; a few hundred kilobytes each, at most this many kept.
 */
const KEPT_JPEGS = 64;

function createJpegCache() {
  const kept = new Map<string, Buffer>();
  return async (
    key: string,
    make: () => Promise<Buffer>,
    beforeMaking: () => Promise<void>,
  ): Promise<Buffer> => {
    const found = kept.get(key);
    if (found) {
      // Most recently used last, so the oldest goes first.
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    await beforeMaking();
    const made = await make();
    kept.set(key, made);
    if (kept.size > KEPT_JPEGS) kept.delete(kept.keys().next().value as string);
    return made;
  };
}

/**
 * `GET /og/posts/:id.jpg`: the picture of a fully public post, at a stable address an unfurler
 * can fetch without signing in (signed media URLs expire within the hour). It answers only
 * while the post is public: the check runs on every request and the answer is revalidated every
 * time, so a post locked, priced or deleted later stops serving at once. Making a picture
 * that is not kept counts against the client's `ogImageConversionsPerClient` limit.
 */
export function ogImageRoutes(deps: {
  db: Database;
  storage: MediaStorage;
  previews: SharePreviews;
  rateLimits: RateLimits;
}): FastifyPluginAsyncZod {
  const { db, storage, previews, rateLimits } = deps;
  const jpegOf = createJpegCache();
  return async (app) => {
    app.get('/og/posts/:file', { schema: { params } }, async (request, reply) => {
      const match = /^([1-9]\d{0,15})\.jpg$/.exec(request.params.file);
      const postId = match ? Number(match[1]) : NaN;
      if (!Number.isSafeInteger(postId)) throw new NotFoundError(NOT_FOUND);
      const source = await previews.imageSource(postId);
      const upload = source && (await findUploadById(db, source.uploadId));
      const key =
        upload &&
        (source.variant === 'original' ? upload.storageKey : upload.variants[source.variant]);
      if (!key) throw new NotFoundError(NOT_FOUND);
      // Stored objects never change under one key, so the key names the JPEG too.
      const jpeg = await jpegOf(
        key,
        async () =>
          sharp(await storage.readBuffer(key))
            .rotate()
            .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
            .jpeg({ quality: 82, mozjpeg: true })
            .toBuffer(),
        () => rateLimits.consume('ogImageConversionsPerClient', request.ip),
      );
      return reply
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .type('image/jpeg')
        .send(jpeg);
    });
  };
}
