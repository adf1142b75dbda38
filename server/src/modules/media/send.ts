import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, NotFoundError } from '../../lib/errors.ts';
import type { MediaStorage, ServeAs } from '../../storage/storage.ts';
import { planMediaAnswer } from './delivery.ts';

export const NOT_FOUND_MESSAGE = 'Media not found or link expired.';

/**
 * Answers stored bytes a viewer may see, once the caller's signature and row checks passed: a
 * redirect to the store's own short-lived URL when it has one, else the bytes streamed from here
 * with Range support. The same for every file we serve, whole media and HLS segments alike.
 */
export async function sendStoredMedia(
  storage: MediaStorage,
  key: string,
  serveAs: ServeAs,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const answer = await planMediaAnswer(storage, key, serveAs, {
    range: request.headers.range,
    ifRange: request.headers['if-range'] !== undefined,
  });
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
      .send(errorBody('range_not_satisfiable', 'The requested range is not within the file.'));
  }

  const { size, range } = answer;
  let body: Readable | undefined;
  if (request.method !== 'HEAD') {
    try {
      body = await storage.read(key, range);
    } catch (error) {
      // Removed between the size check and the read: the same 404 as any missing file.
      if (!(await storage.stat(key))) throw new NotFoundError(NOT_FOUND_MESSAGE);
      throw error;
    }
  }
  void reply
    .header('cache-control', 'private, max-age=3600')
    .header('content-type', serveAs.contentType)
    .header('content-disposition', serveAs.contentDisposition)
    .header('content-length', range ? range.end - range.start + 1 : size);
  if (range) {
    void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  }
  return reply.send(body);
}
