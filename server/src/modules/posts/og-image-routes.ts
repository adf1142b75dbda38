import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { sendShareCard, type ShareCard, type ShareCards } from '../../lib/share-card.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { findUploadById } from '../uploads/index.ts';
import type { PreviewImageSource, SharePreviews } from './share-preview.ts';

const NOT_FOUND = 'No preview image for this post.';

const params = z.object({ file: z.string().max(40) });

/** The stored object of an upload's variant (the original when the variant is not made). */
async function storedKey(db: Database, uploadId: string, variant: PreviewImageSource['variant']) {
  const upload = await findUploadById(db, uploadId);
  if (!upload) return undefined;
  return variant === 'original' ? upload.storageKey : upload.variants[variant];
}

/**
 * `GET /og/posts/:id.jpg`: the card of a post, at a stable address an unfurler can fetch
 * without signing in (signed media URLs expire within the hour): a fully public post's picture,
 * or its text with the author's avatar; a gated post's card names the author alone. It answers
 * only while the post may be known (none for a draft, a locked profile's post...): the check
 * runs on every request and the answer is revalidated every time, so a post locked, priced or
 * deleted later stops showing itself at once. Cards are kept on disk (`DATA_DIR/og-cards`);
 * making one not kept counts against the client's `ogImageConversionsPerClient` limit.
 */
export function ogImageRoutes(deps: {
  db: Database;
  storage: MediaStorage;
  previews: SharePreviews;
  rateLimits: RateLimits;
  cards: ShareCards;
}): FastifyPluginAsyncZod {
  const { db, storage, previews, rateLimits, cards } = deps;

  /** The card to draw, from what the post shows as nobody. */
  async function describe(postId: number): Promise<ShareCard> {
    const facts = await previews.cardFacts(postId);
    if (!facts) throw new NotFoundError(NOT_FOUND);
    if (facts.kind === 'neutral') return facts;
    if (facts.kind === 'picture') {
      const key = await storedKey(db, facts.source.uploadId, facts.source.variant);
      if (!key) throw new NotFoundError(NOT_FOUND);
      return { kind: 'picture', pictureKey: key, picture: () => storage.readBuffer(key) };
    }
    const avatarKey = facts.avatarUploadId
      ? await storedKey(db, facts.avatarUploadId, 'original')
      : undefined;
    return {
      kind: 'text',
      handle: facts.handle,
      text: facts.text,
      avatar: avatarKey
        ? { key: avatarKey, bytes: () => storage.readBuffer(avatarKey) }
        : undefined,
    };
  }

  return async (app) => {
    app.get(
      '/og/posts/:file',
      { schema: { params }, config: { countsRateLimits: true } },
      async (request, reply) => {
        const match = /^([1-9]\d{0,15})\.jpg$/.exec(request.params.file);
        const postId = match ? Number(match[1]) : NaN;
        if (!Number.isSafeInteger(postId)) throw new NotFoundError(NOT_FOUND);
        const jpeg = await cards(
          () => describe(postId),
          () => rateLimits.consume('ogImageConversionsPerClient', request.ip),
        );
        return sendShareCard(reply, jpeg);
      },
    );
  };
}
