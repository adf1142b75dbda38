import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createHashingTap } from './hashing-tap.ts';
import type { MediaStorage } from './storage.ts';

const isMissing = (error: unknown) =>
  error instanceof Error &&
  'code' in error &&
  (error.code === 'ENOENT' || error.code === 'ENOTDIR');

/** Temporary objects (received uploads not yet committed) live under this prefix. */
export const LOCAL_TEMP_PREFIX = '.tmp/';

/** Media under one folder of the local disk (`DATA_DIR/media`); keys are paths below it. */
export function createLocalStorage(root: string): MediaStorage {
  // Created up front so serving can start before the first upload.
  mkdirSync(root, { recursive: true });
  const absoluteRoot = path.resolve(root);
  const tmpDir = path.join(absoluteRoot, LOCAL_TEMP_PREFIX);
  const resolveKey = (key: string) => {
    const full = path.resolve(absoluteRoot, key);
    if (!full.startsWith(absoluteRoot + path.sep)) throw new Error(`invalid storage key ${key}`);
    return full;
  };
  /** Keys use '/' whatever the platform, as S3 keys do. */
  const keyOf = (full: string) => path.relative(absoluteRoot, full).split(path.sep).join('/');

  async function* walk(dir: string): AsyncGenerator<string> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) yield full;
    }
  }

  return {
    kind: 'local',
    async writeTemp(source: Readable) {
      await fs.mkdir(tmpDir, { recursive: true });
      const tempKey = `${LOCAL_TEMP_PREFIX}${randomUUID()}`;
      const { tap, result } = createHashingTap();
      try {
        await pipeline(source, tap, createWriteStream(resolveKey(tempKey)));
      } catch (error) {
        await fs.rm(resolveKey(tempKey), { force: true });
        throw error;
      }
      return { tempKey, ...result() };
    },
    async commit(tempKey, key) {
      const target = resolveKey(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(resolveKey(tempKey), target);
    },
    // The content type is S3 metadata; on disk the database row says what the bytes are.
    async writeBuffer(key, bytes) {
      const target = resolveKey(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes);
    },
    readBuffer(key) {
      return fs.readFile(resolveKey(key));
    },
    async stat(key) {
      try {
        const stats = await fs.stat(resolveKey(key));
        return stats.isFile() ? { size: stats.size } : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async read(key, range) {
      // Opened before returning, so a missing object rejects here instead of erroring mid-stream.
      const handle = await fs.open(resolveKey(key), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async withLocalFile(key, use) {
      const file = resolveKey(key);
      // Checked first so a missing object fails as it does on S3, not inside the tool.
      await fs.access(file);
      return use(file);
    },
    async directUrl() {
      return undefined;
    },
    async remove(key) {
      await fs.rm(resolveKey(key), { force: true });
    },
    async *list(prefix) {
      // Only the folder the prefix reaches is walked, not the whole store.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const start = folder ? resolveKey(folder) : absoluteRoot;
      for await (const full of walk(start)) {
        const key = keyOf(full);
        if (!key.startsWith(prefix)) continue;
        const stats = await fs.stat(full).catch(() => undefined);
        if (stats) yield { key, size: stats.size };
      }
    },
    async close() {},
  };
}
