import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { WriteResult } from './storage.ts';

/** Enough bytes for every magic number the type sniffer knows. */
export const HEAD_BYTES = 4100;

/**
 * A pass-through that hashes the bytes flowing to a store, counts them and keeps the first
 * HEAD_BYTES for type sniffing, so a write is read once, on its way.
 */
export function createHashingTap(): { tap: Transform; result: () => WriteResult } {
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        const taken = chunk.subarray(0, HEAD_BYTES - headLength);
        headChunks.push(taken);
        headLength += taken.length;
      }
      callback(null, chunk);
    },
  });
  return {
    tap,
    result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks) }),
  };
}
