import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { findUserById } from '../users/index.ts';
import type { MarkedCopies } from './marked-copies.ts';
import { markSerialOf } from './marks-repo.ts';
import { NOT_FOUND_MESSAGE } from './send.ts';
import { drawVisibleMark, visibleMarkText } from './visible-mark.ts';

/** The marking engine's `embedMark` (`server/src/watermark/`): same dimensions, payload hidden. */
type EmbedMark = (image: Buffer, payload: number, key: Buffer) => Promise<Buffer>;

/**
 * What marks gated images per recipient: the deployment's key, the engine, the disk cache, and
 * the instance's address (`PUBLIC_URL`'s host) that a visible mark names after the viewer.
 */
export type Marking = { key: Buffer; embed: EmbedMark; copies: MarkedCopies; host: string };

/**
 * Answers a recipient's marked copy of a stored image variant, made on its first request from
 * the stored bytes and the recipient's serial (`media_marks`). Never a redirect (the bucket holds
 * unmarked bytes only) and never kept by a browser or proxy past this answer: `private,
 * no-store`. A Range is ignored and the whole copy answered with 200, as RFC 9110 allows: a
 * marked image is small, and its bytes exist only once made. HEAD makes it too, for its length.
 */
export async function sendMarkedCopy(
  deps: { db: Database; storage: MediaStorage; marking: Marking },
  copy: { uploadId: string; variant: string; key: string; recipientId: number; visible: boolean },
  contentDisposition: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { db, storage, marking } = deps;
  // A visibly marked copy is another file: turning the mark on or off serves new copies.
  const name = `${copy.uploadId}.${copy.variant}.${copy.recipientId}${copy.visible ? '.v' : ''}`;
  const bytes = await marking.copies.get(name, async () => {
    if (!(await storage.stat(copy.key))) throw new NotFoundError(NOT_FOUND_MESSAGE);
    const [serial, stored, recipient] = await Promise.all([
      markSerialOf(db, copy.uploadId, copy.recipientId),
      storage.readBuffer(copy.key),
      copy.visible ? findUserById(db, copy.recipientId) : undefined,
    ]);
    if (copy.visible && !recipient) throw new NotFoundError(NOT_FOUND_MESSAGE);
    // The visible mark first, the invisible one over it: the tracer reads the latter intact.
    const image = recipient
      ? await drawVisibleMark(stored, visibleMarkText(recipient.username, marking.host))
      : stored;
    return marking.embed(image, serial, marking.key);
  });
  // The engine chooses the copy's format: it is told by its bytes, not by the stored variant's.
  const type = (await fileTypeFromBuffer(bytes))?.mime ?? 'application/octet-stream';
  void reply
    .code(200)
    .header('cache-control', 'private, no-store')
    .header('content-type', type)
    .header('content-disposition', contentDisposition)
    .header('content-length', bytes.length);
  return reply.send(request.method === 'HEAD' ? undefined : bytes);
}
