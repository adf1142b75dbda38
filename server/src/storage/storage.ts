import type { Readable } from 'node:stream';

/** What was written: the bytes' size, SHA-256 and first bytes (for type sniffing). */
export type WriteResult = { size: number; sha256: string; head: Buffer };

/** An inclusive byte range, as HTTP Range counts it. */
export type ByteRange = { start: number; end: number };

/** How a browser should be told to show the bytes, carried into a direct URL. */
export type ServeAs = { contentType: string; contentDisposition: string };

/**
 * Where media bytes live: local disk by default (`local.ts`), an S3-compatible bucket when
 * S3_BUCKET is set (`s3.ts`). Both pass the same contract suite (`storage.contract.ts`).
 * Keys are server-generated, never from user input. Nothing outside this folder knows where
 * the bytes are: there is no file path to reach for.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Streams `source` into a temporary object, hashing on the same pass; never buffers it whole. */
  writeTemp(source: Readable): Promise<{ tempKey: string } & WriteResult>;
  /** Moves a finished temporary object to its final key. */
  commit(tempKey: string, key: string): Promise<void>;
  writeBuffer(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The whole object in memory: only for bounded objects (images, variants). */
  readBuffer(key: string): Promise<Buffer>;
  /** The object's size, or undefined when there is no such object. */
  stat(key: string): Promise<{ size: number } | undefined>;
  /** Streams the object, or one inclusive byte range of it. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * Runs `use` with a local file holding the object's bytes, for tools that need a path
   * (ffmpeg). Local disk hands over the file itself; S3 downloads a temporary copy and removes
   * it when `use` settles.
   */
  withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>;
  /**
   * A short-lived URL that serves the bytes without passing through this process (an S3
   * presigned GET), or undefined when they must be streamed by us (local disk, S3_PROXY=true).
   * Only called after the caller's own access check passed.
   */
  directUrl(key: string, serveAs: ServeAs, expiresInSeconds: number): Promise<string | undefined>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, temporary ones included. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /** Releases connections and timers. */
  close(): Promise<void>;
}

/**
 * The origin `directUrl` links lead to, or undefined when bytes pass through us. Presigning is
 * computed locally, so asking for a probe key costs no request.
 */
export async function directUrlOrigin(storage: MediaStorage): Promise<string | undefined> {
  const probe = { contentType: 'application/octet-stream', contentDisposition: 'inline' };
  const url = await storage.directUrl('origin-probe', probe, 60);
  return url ? new URL(url).origin : undefined;
}
