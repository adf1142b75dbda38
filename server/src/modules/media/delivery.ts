import parseRange from 'range-parser';
import type { ByteRange, MediaStorage, ServeAs } from '../../storage/storage.ts';

/** How long a redirect to the bucket lives: long enough to start a download, short enough that a copied link soon dies. */
export const DIRECT_URL_LIFETIME_SECONDS = 300;

/** What to answer for bytes a viewer may see, once our own signature and row checks passed. */
export type MediaAnswer =
  /** Bytes leave the bucket, not this process. */
  | { kind: 'redirect'; url: string }
  /** The row is there but its bytes are not. */
  | { kind: 'missing' }
  | { kind: 'unsatisfiable'; size: number }
  /** The whole object (no range) or one range of it (206). */
  | { kind: 'bytes'; size: number; range?: ByteRange };

/**
 * Decides between a redirect to the store's own short-lived URL and streaming the bytes
 * ourselves, and which bytes. One valid range gets a 206; a range that cannot be met a 416;
 * several ranges, a malformed header or a conditional one (we send no validators, so an
 * If-Range can never match) get the whole object, as RFC 9110 allows.
 */
export async function planMediaAnswer(
  storage: MediaStorage,
  key: string,
  serveAs: ServeAs,
  headers: { range?: string | undefined; ifRange: boolean },
): Promise<MediaAnswer> {
  const url = await storage.directUrl(key, serveAs, DIRECT_URL_LIFETIME_SECONDS);
  if (url) return { kind: 'redirect', url };
  const stat = await storage.stat(key);
  if (!stat) return { kind: 'missing' };
  const { size } = stat;
  if (!headers.range || headers.ifRange) return { kind: 'bytes', size };
  const ranges = parseRange(size, headers.range, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable', size };
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1)
    return { kind: 'bytes', size };
  const [range] = ranges;
  return range ? { kind: 'bytes', size, range } : { kind: 'bytes', size };
}
