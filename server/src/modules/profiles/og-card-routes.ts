import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { sendShareCard, type ShareCards } from '../../lib/share-card.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { findUploadById } from '../uploads/index.ts';
import type { ProfilePreviews } from './share-preview.ts';

const NOT_FOUND = 'No preview image for this profile.';
const params = z.object({ file: z.string().max(40) });

/**
 * `GET /og/profiles/:id.jpg`: a profile's card (handle, avatar, the bio unless locked) at a
 * stable address, for the `og:image` of `/profile/:user`. A suspended or unknown user has none.
 * Kept on disk beside the post cards; making one counts against `ogImageConversionsPerClient`.
 */
export function ogCardRoutes(deps: {
  db: Database;
  storage: MediaStorage;
  previews: ProfilePreviews;
  rateLimits: RateLimits;
  cards: ShareCards;
}): FastifyPluginAsyncZod {
  const { db, storage, previews, rateLimits, cards } = deps;
  return async (app) => {
    app.get(
      '/og/profiles/:file',
      { schema: { params }, config: { countsRateLimits: true } },
      async (request, reply) => {
        const match = /^([1-9]\d{0,15})\.jpg$/.exec(request.params.file);
        if (!match?.[1]) throw new NotFoundError(NOT_FOUND);
        const id = match[1];
        const jpeg = await cards(
          async () => {
            const facts = await previews.cardFacts(id);
            if (!facts) throw new NotFoundError(NOT_FOUND);
            const upload = facts.avatarUploadId
              ? await findUploadById(db, facts.avatarUploadId)
              : undefined;
            const key = upload?.storageKey;
            return {
              kind: 'text',
              handle: facts.handle,
              text: facts.text,
              avatar: key ? { key, bytes: () => storage.readBuffer(key) } : undefined,
            };
          },
          () => rateLimits.consume('ogImageConversionsPerClient', request.ip),
        );
        return sendShareCard(reply, jpeg);
      },
    );
  };
}
