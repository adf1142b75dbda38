import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MediaStorage } from './storage.ts';

/** Enough bytes for every magic number the type sniffer knows. */
const HEAD_BYTES = 4100;

export function createLocalStorage(root: string): MediaStorage {
  // Created up front so serving can start before the first upload.
  mkdirSync(root, { recursive: true });
  const tmpDir = path.join(root, '.tmp');
  const resolveKey = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep))
      throw new Error(`invalid storage key ${key}`);
    return full;
  };

  return {
    root,
    async writeTemp(source: Readable) {
      await fs.mkdir(tmpDir, { recursive: true });
      const tempKey = path.join('.tmp', randomUUID());
      const hash = createHash('sha256');
      const headChunks: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          if (headLength < HEAD_BYTES) {
            headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
            headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
          }
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, tap, createWriteStream(resolveKey(tempKey)));
      } catch (error) {
        await fs.rm(resolveKey(tempKey), { force: true });
        throw error;
      }
      return { tempKey, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks) };
    },
    async commit(tempKey, key) {
      const target = resolveKey(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(resolveKey(tempKey), target);
    },
    async writeBuffer(key, bytes) {
      const target = resolveKey(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes);
    },
    async remove(key) {
      await fs.rm(resolveKey(key), { force: true });
    },
    localPath: resolveKey,
  };
}
