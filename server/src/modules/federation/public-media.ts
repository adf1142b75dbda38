import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.ts';
import { errorBody } from '../../lib/errors.ts';
import { type MediaSigner, presentVideoFields } from '../media/index.ts';
import { findFullyPublicPost } from '../posts/index.ts';
import { findActorUser } from './repo.ts';

/** A fully public post's row, as the posts module reads it. */
export type PublicPostRow = NonNullable<Awaited<ReturnType<typeof findFullyPublicPost>>>;

export type PublicFile = { uploadId: string; kind: 'image' | 'video' };

/** A post's files in order: its list, or the one image or video of a post made before lists. */
export function filesOf(row: PublicPostRow): PublicFile[] {
  if (row.media && row.media.length > 0) {
    return row.media.map((file) => ({ uploadId: file.uploadId, kind: file.kind }));
  }
  const files: PublicFile[] = [];
  if (row.post.imageId) files.push({ uploadId: row.post.imageId, kind: 'image' });
  if (row.post.videoId) files.push({ uploadId: row.post.videoId, kind: 'video' });
  return files;
}

/**
 * Stable public addresses of public images: what remote servers and feed readers keep. Signed
 * media URLs expire within the hour, so these answer a redirect to a freshly signed one,
 * checked on every request: a post locked or priced later, or a suspended account, stops
 * answering at once (a signed URL already handed out lives its hour, as any viewer's does).
 */
export function publicMediaPaths(publicUrl: string) {
  return {
    avatar: (userId: number) => `${publicUrl}/ap/media/users/${userId}/avatar`,
    cover: (userId: number) => `${publicUrl}/ap/media/users/${userId}/cover`,
    postFile: (postId: number, index: number) => `${publicUrl}/ap/media/posts/${postId}/${index}`,
  };
}

const ID = /^[1-9]\d{0,15}$/;
const INDEX = /^\d{1,2}$/;

/** The stored facts of one file of the post's row. */
const storedOf = (row: PublicPostRow, file: PublicFile) =>
  row.media?.find((item) => item.uploadId === file.uploadId);

/** What the file's stable address serves, when it is known: the feed size is WebP, the MP4 MP4. */
export function mediaTypeOf(row: PublicPostRow, file: PublicFile): string | undefined {
  const stored = storedOf(row, file);
  if (file.kind === 'image') {
    return (stored ? stored.variants.feed : row.imageVariants?.feed) ? 'image/webp' : undefined;
  }
  const state = stored ? stored.videoState : row.videoState;
  return state === 'ready' ? 'video/mp4' : undefined;
}

/** The signed URL of a public post's file, or undefined when it has none that plays. */
function signedFileUrl(row: PublicPostRow, file: PublicFile, signer: MediaSigner) {
  const stored = storedOf(row, file);
  if (file.kind === 'image') {
    const feed = stored ? stored.variants.feed : row.imageVariants?.feed;
    return signer.url(file.uploadId, feed ? 'feed' : 'original');
  }
  const video = {
    id: file.uploadId,
    variants: stored?.variants ?? row.videoVariants ?? {},
    videoState: stored ? stored.videoState : row.videoState,
    videoProgress: 0,
    videoError: null,
    renditions: stored ? stored.renditions : row.videoRenditions,
  };
  return presentVideoFields(video, false, signer).video_url ?? undefined;
}

/** `GET /ap/media/...`: the stable addresses above, each a redirect to a signed URL. */
export function registerPublicMedia(
  app: FastifyInstance,
  deps: { db: Database; signer: MediaSigner; publicUrl: string },
) {
  const { db, signer, publicUrl } = deps;
  const notFound = { statusCode: 404, body: errorBody('not_found', 'No such public image.') };
  const redirect = (reply: FastifyReply, url: string | null | undefined) => {
    if (!url) return reply.status(notFound.statusCode).send(notFound.body);
    // Never kept by a cache: the next request checks the post or the account again.
    return reply.header('cache-control', 'no-cache').redirect(`${publicUrl}${url}`, 302);
  };

  app.get<{ Params: { id: string; which: string } }>(
    '/ap/media/users/:id/:which',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id, which } = request.params;
      if (!ID.test(id) || (which !== 'avatar' && which !== 'cover')) return redirect(reply, null);
      const user = await findActorUser(db, id);
      const uploadId = which === 'avatar' ? user?.profileImageId : user?.coverImageId;
      return redirect(reply, uploadId && signer.url(uploadId, 'original'));
    },
  );

  app.get<{ Params: { id: string; index: string } }>(
    '/ap/media/posts/:id/:index',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id, index } = request.params;
      if (!ID.test(id) || !INDEX.test(index)) return redirect(reply, null);
      const row = await findFullyPublicPost(db, Number(id));
      const file = row && filesOf(row)[Number(index)];
      return redirect(reply, row && file && signedFileUrl(row, file, signer));
    },
  );
}
