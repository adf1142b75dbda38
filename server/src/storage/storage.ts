import type { Readable } from 'node:stream';

/** What was written: the bytes' size, SHA-256 and first bytes (for type sniffing). */
export type WriteResult = { size: number; sha256: string; head: Buffer };

/**
 * Where media bytes live. The local-disk implementation is the default; an S3 one can take its
 * place. Keys are server-generated, never from user input.
 */
export interface MediaStorage {
  /** Streams `source` into a temporary object, hashing on the same pass; never buffers it whole. */
  writeTemp(source: Readable): Promise<{ tempKey: string } & WriteResult>;
  /** Moves a finished temporary object to its final key. */
  commit(tempKey: string, key: string): Promise<void>;
  writeBuffer(key: string, bytes: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /** A local file path for `key`, for serving with Range support. */
  localPath(key: string): string;
  root: string;
}
