import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { findUploadById } from '../uploads/index.ts';
import {
  PLAYLIST_CONTENT_TYPE,
  PLAYLIST_MAX_BYTES,
  signPlaylist,
  segmentContentType,
  UnsafePlaylistError,
  type PlaylistLevel,
} from './hls.ts';
import { NOT_FOUND_MESSAGE, sendStoredMedia } from './send.ts';
import { withRemadeCodecs } from '../../video/ladder.ts';
import { recipientFolder, type VideoMarking } from './marked-segments.ts';
import { HLS_SIGNED_NAME, type MediaSigner } from './signing.ts';

const query = z.object({
  exp: z.string().default(''),
  sig: z.string().default(''),
  /** The recipient of a gated video's marked stream (issue 35), covered by the signature. */
  to: z.string().optional(),
});
type HlsQuery = z.infer<typeof query>;
const masterParams = z.object({ id: z.string() });
const fileParams = z.object({ id: z.string(), rung: z.string(), file: z.string() });

type Deps = {
  db: Database;
  storage: MediaStorage;
  signer: MediaSigner;
  /** Picks each segment's variant for a recipient; without it a marked URL is a 404. */
  videoMarking?: VideoMarking;
};

/**
 * A video's HLS tree: `/media/<id>/hls/master.m3u8`, `/media/<id>/hls/<rung>/index.m3u8` and
 * `/media/<id>/hls/<rung>/<segment>`, all under one signature over (upload, 'hls', expiry).
 * Playlists are always answered from here, rewritten so that each URI they list carries that
 * same signature: a player follows them as it would any HLS, and every byte stays gated and
 * expires together. Segments go out as other media do (a redirect to the bucket, or streamed
 * with Range). Anything unsigned, expired, tampered, not ready or not named as we name files
 * answers the same 404 as any other media URL.
 */
export function hlsRoutes(deps: Deps): FastifyPluginAsyncZod {
  /**
   * The renditions of a ready video whose URL is validly signed, and the recipient a marked URL
   * names (null for a plain one), else a 404.
   */
  async function renditionsFor(signed: HlsQuery, id: string) {
    const { exp, sig, to } = signed;
    let recipientId: number | null = null;
    if (to === undefined) {
      if (!deps.signer.verify(id, HLS_SIGNED_NAME, exp, sig))
        throw new NotFoundError(NOT_FOUND_MESSAGE);
    } else {
      recipientId =
        deps.signer.verifyMarked(id, HLS_SIGNED_NAME, { exp, to, sig })?.recipientId ?? null;
      if (recipientId === null || !deps.videoMarking) throw new NotFoundError(NOT_FOUND_MESSAGE);
    }
    const upload = await findUploadById(deps.db, id);
    if (upload?.videoState !== 'ready' || !upload.renditions) {
      throw new NotFoundError(NOT_FOUND_MESSAGE);
    }
    return { renditions: upload.renditions, recipientId };
  }

  /** The query every URI of a playlist repeats: the one it was asked with. */
  const signedQueryOf = ({ exp, sig, to }: HlsQuery) =>
    to === undefined ? `exp=${exp}&sig=${sig}` : `exp=${exp}&to=${to}&sig=${sig}`;

  async function sendPlaylist(
    key: string,
    level: PlaylistLevel,
    signedQuery: string,
    request: FastifyRequest,
    reply: FastifyReply,
    rewrite: (text: string) => string = (text) => text,
  ) {
    const stat = await deps.storage.stat(key);
    if (!stat) throw new NotFoundError(NOT_FOUND_MESSAGE);
    if (stat.size > PLAYLIST_MAX_BYTES) throw new Error(`playlist ${key} is ${stat.size} bytes`);
    let text: string;
    try {
      text = signPlaylist(
        rewrite((await deps.storage.readBuffer(key)).toString('utf8')),
        level,
        signedQuery,
      );
    } catch (error) {
      if (!(error instanceof UnsafePlaylistError)) throw error;
      // Our own file, yet not what we write: pass nothing of it on.
      request.log.warn({ key, err: error }, 'refused to serve an HLS playlist');
      throw new NotFoundError(NOT_FOUND_MESSAGE);
    }
    const body = Buffer.from(text, 'utf8');
    void reply
      // The playlist repeats a signature that expires: nothing may keep it past our gate.
      .header('cache-control', 'private, no-store')
      .header('content-type', PLAYLIST_CONTENT_TYPE)
      .header('content-length', body.length);
    return reply.send(request.method === 'HEAD' ? undefined : body);
  }

  return async (app) => {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/media/:id/hls/master.m3u8',
      schema: { params: masterParams, querystring: query },
      handler: async (request, reply) => {
        const { renditions, recipientId } = await renditionsFor(request.query, request.params.id);
        const signed = signedQueryOf(request.query);
        // A marked stream's repackaged rungs are our own encodes (`recipientFolder`).
        const remade = recipientId === null ? [] : (renditions.remade ?? []);
        const rewrite = (text: string) => withRemadeCodecs(text, remade);
        return sendPlaylist(renditions.master, 'master', signed, request, reply, rewrite);
      },
    });

    app.route({
      method: ['GET', 'HEAD'],
      url: '/media/:id/hls/:rung/:file',
      schema: { params: fileParams, querystring: query },
      // Compressing would break byte ranges, and segments are compressed already.
      compress: false,
      handler: async (request, reply) => {
        const { id, rung: rungName, file } = request.params;
        const { renditions, recipientId } = await renditionsFor(request.query, id);
        // Only a rung of this video's ladder: its name then also fixes the folder.
        const rung = renditions.ladder.find((candidate) => candidate.name === rungName);
        if (!rung) throw new NotFoundError(NOT_FOUND_MESSAGE);
        if (file === 'index.m3u8') {
          const signed = signedQueryOf(request.query);
          return sendPlaylist(rung.playlist, 'rung', signed, request, reply);
        }
        const contentType = segmentContentType(file);
        if (!contentType) throw new NotFoundError(NOT_FOUND_MESSAGE);
        // Segments live beside their playlist, which names them relatively; a recipient's
        // segment may be the marked variant's, in the folder beside it.
        const folder = rung.playlist.slice(0, rung.playlist.lastIndexOf('/'));
        const marked =
          recipientId !== null && deps.videoMarking
            ? await deps.videoMarking.isMarkedSegment(id, renditions, rung.name, file, recipientId)
            : false;
        const from =
          recipientId === null ? folder : recipientFolder(renditions, rung.name, folder, marked);
        const key = `${from}/${file}`;
        return sendStoredMedia(
          deps.storage,
          key,
          { contentType, contentDisposition: 'inline' },
          request,
          reply,
        );
      },
    });
  };
}
