import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { UploadRow } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { findUploadById } from '../uploads/index.ts';
import { hlsRoutes } from './hls-routes.ts';
import { type Marking, sendMarkedCopy } from './marked-send.ts';
import type { MarkedMp4s } from './marked-mp4.ts';
import type { VideoMarking } from './marked-segments.ts';
import { NOT_FOUND_MESSAGE, sendStoredMedia } from './send.ts';
import { MEDIA_VARIANTS, type MediaSigner, type MediaVariant } from './signing.ts';

const params = z.object({
  id: z.string(),
  variant: z.enum(MEDIA_VARIANTS),
});
const query = z.object({
  exp: z.string().default(''),
  sig: z.string().default(''),
  /** The recipient of a marked copy (issue 35), covered by the signature. */
  to: z.string().optional(),
  /** `1`: that copy carries the visible mark too; covered by the signature as well. */
  v: z.string().optional(),
});

const inline = (filename: string) => `inline; filename*=UTF-8''${encodeURIComponent(filename)}`;

/**
 * The sizes added later (avatar, medium) are named by presenters that do not know whether an
 * upload has them yet: an image stored before them answers with the next larger one it has.
 */
const FALLBACKS: Partial<Record<MediaVariant, readonly MediaVariant[]>> = {
  avatar: ['thumb', 'original'],
  medium: ['feed', 'original'],
};

/** A video's stills: images made from its frames, marked for a gated video's viewer too. */
const isVideoStill = (variant: MediaVariant) => variant === 'poster' || variant === 'thumb';

/** How many backfilled uploads one process remembers before it starts over. */
const MAX_REMADE = 10_000;

/** The stored key of a variant and how to serve it, or undefined when the upload has none. */
type StoredVariant = {
  key: string;
  contentType: string;
  filename: string;
  /** Served in place of the size asked for, which this upload does not have yet. */
  fallback?: boolean;
};

function variantOf(upload: UploadRow, variant: MediaVariant): StoredVariant | undefined {
  if (variant === 'original') {
    return {
      key: upload.storageKey,
      contentType: upload.contentType,
      filename: upload.originalFilename,
    };
  }
  if (variant === 'mp4') {
    // Only a finished transcode has one: its renditions are written before the state says so.
    const key = upload.videoState === 'ready' ? upload.renditions?.mp4 : undefined;
    const base = upload.originalFilename.replace(/\.[^.]*$/, '') || 'video';
    return key ? { key, contentType: 'video/mp4', filename: `${base}.mp4` } : undefined;
  }
  const key = upload.variants[variant];
  if (key) return { key, contentType: 'image/webp', filename: upload.originalFilename };
  if (!upload.contentType.startsWith('image/')) return undefined;
  for (const fallback of FALLBACKS[variant] ?? []) {
    const found = variantOf(upload, fallback);
    if (found) return { ...found, fallback: true };
  }
  return undefined;
}

/**
 * Media bytes, only through signed URLs that the API hands to viewers allowed to see them.
 * A bare, tampered or expired URL answers 404 and reveals nothing. Past that check, a store
 * that can serve the bytes itself (S3) gets a redirect to its own URL of a few minutes;
 * otherwise they stream through here with Range support. Videos' HLS trees: `hls-routes.ts`.
 * A URL with `to` (`signer.markedUrl`) is a gated image's (or a video still's) for one
 * recipient: they get their own marked copy (`marked-send.ts`); without it, the stored bytes
 * exactly as they are.
 */
export function mediaRoutes(deps: {
  db: Database;
  storage: MediaStorage;
  signer: MediaSigner;
  /** Marks gated images per recipient; without it (tests of plain delivery) a marked URL is a 404. */
  marking?: Marking;
  /** A gated video's segments per recipient (`marked-segments.ts`); without it, 404s. */
  videoMarking?: VideoMarking;
  /** A gated video's progressive MP4 per recipient (`marked-mp4.ts`); without it, a 404. */
  markedMp4s?: MarkedMp4s;
  /** Queues the making of an image's sizes (the media-variants job). */
  remakeImageSizes?: (uploadId: string) => Promise<void>;
}): FastifyPluginAsyncZod {
  // Uploads whose missing sizes were asked for already: a popular avatar queues one job.
  const remade = new Set<string>();
  const backfill = (uploadId: string) => {
    if (!deps.remakeImageSizes || remade.has(uploadId)) return;
    if (remade.size >= MAX_REMADE) remade.clear();
    remade.add(uploadId);
    deps.remakeImageSizes(uploadId).catch(() => remade.delete(uploadId));
  };
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
        const { exp, sig, to, v } = request.query;
        // A marked URL verifies only as one, for the recipient it names; a plain one only plain.
        const marked =
          to === undefined ? null : deps.signer.verifyMarked(id, variant, { exp, to, sig, v });
        const valid = to === undefined ? deps.signer.verify(id, variant, exp, sig) : !!marked;
        if (!valid) throw new NotFoundError(NOT_FOUND_MESSAGE);
        const upload = await findUploadById(deps.db, id);
        const found = upload && variantOf(upload, variant);
        if (!found) throw new NotFoundError(NOT_FOUND_MESSAGE);
        // A video's marked MP4 is its recipient's segments remuxed (`marked-mp4.ts`).
        if (marked && variant === 'mp4') {
          if (!deps.markedMp4s || !upload.renditions) throw new NotFoundError(NOT_FOUND_MESSAGE);
          const serveAs = {
            contentType: found.contentType,
            contentDisposition: inline(found.filename),
          };
          const video = { ...upload, renditions: upload.renditions };
          return deps.markedMp4s.send(video, marked.recipientId, serveAs, request, reply);
        }
        // Else only images are marked, and a video's stills (its poster and thumbnail): no
        // marked URL names another of a video's files.
        if (marked && !upload.contentType.startsWith('image/') && !isVideoStill(variant)) {
          throw new NotFoundError(NOT_FOUND_MESSAGE);
        }
        // An image older than its small sizes: they are made now, for the next viewers.
        if (found.fallback) backfill(id);
        const serveAs = {
          contentType: found.contentType,
          contentDisposition: inline(found.filename),
        };
        if (marked) {
          const { marking } = deps;
          if (!marking) throw new NotFoundError(NOT_FOUND_MESSAGE);
          const copy = { uploadId: id, variant, key: found.key, ...marked };
          const to = { db: deps.db, storage: deps.storage, marking };
          return sendMarkedCopy(to, copy, serveAs.contentDisposition, request, reply);
        }
        return sendStoredMedia(deps.storage, found.key, serveAs, request, reply);
      },
    });
    await app.register(hlsRoutes(deps));
  };
}
