import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { isReusedBytes } from './response-serializer.ts';

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** @fastify/compress's own threshold (app.ts): smaller answers go out as they are. */
const THRESHOLD_BYTES = 1024;
/** @fastify/compress's default brotli quality, so an answer compresses the same either way. */
const BROTLI_QUALITY = 4;

/**
 * The encoding to send for an `Accept-Encoding` header: brotli, else gzip, as the client's
 * q-values prefer, else none. Negotiated as @fastify/compress negotiates every other answer
 * (the same library, `*` and `x-gzip` read the same), so a reused answer is encoded the same.
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

function compressed(bytes: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(bytes);
}

/**
 * A cached page's answer is the same bytes request after request (`response-serializer.ts`),
 * yet @fastify/compress compressed them anew for every browser, which always sends
 * `Accept-Encoding`: 100-150 µs of CPU for the home feed's 14 KB on a 2-core machine, more than
 * the rest of a cached page's request.
 * These bytes are compressed once per encoding and kept beside them (a WeakMap: they go when the
 * answer goes); @fastify/compress leaves an answer that already has a Content-Encoding alone.
 * Registered on the app before the routes, so this onSend runs before the route's compression.
 */
export function registerReusedCompression(app: FastifyInstance): void {
  const kept = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isReusedBytes(payload) || payload.length < THRESHOLD_BYTES) return done(null, payload);
    if (request.headers['x-no-compression'] !== undefined) return done(null, payload);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    // Whatever is sent, a cache must keep one copy per Accept-Encoding.
    const vary = reply.getHeader('vary');
    if (typeof vary !== 'string' || !/accept-encoding/i.test(vary)) {
      void reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (!encoding) return done(null, payload);
    let variants = kept.get(payload);
    if (!variants) {
      variants = {};
      kept.set(payload, variants);
    }
    const body = (variants[encoding] ??= compressed(payload, encoding));
    void reply.header('content-encoding', encoding);
    void reply.header('content-length', body.length);
    done(null, body);
  });
}
