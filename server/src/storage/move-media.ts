import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { LOCAL_TEMP_PREFIX } from './local.ts';
import { TEMP_PREFIX } from './s3.ts';
import type { MediaStorage } from './storage.ts';

/** Keys under these prefixes are unfinished uploads, not media: never moved. */
const TEMPORARY_PREFIXES = [LOCAL_TEMP_PREFIX, TEMP_PREFIX];

export type MoveProgress = {
  /** Objects seen so far and in all. */
  done: number;
  total: number;
  key: string;
  size: number;
  /** copied: sent and read back equal; present: already in the target with the same bytes. */
  outcome: 'copied' | 'present';
};

export type MoveReport = {
  copied: number;
  present: number;
  bytes: number;
  /** Keys whose copy could not be verified; nothing was removed from the source if any. */
  failed: { key: string; reason: string }[];
  removedFromSource: number;
};

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Copies every media object from `source` to `target` under the same key and verifies each by
 * reading it back (size and SHA-256). Safe to run again after a crash: an object the target
 * already holds with the same bytes is skipped, a partial or different one is copied again.
 * Source objects are removed only when `removeSource` is set and every object verified.
 */
export async function moveMedia(
  source: MediaStorage,
  target: MediaStorage,
  options: { removeSource: boolean; onProgress?: (progress: MoveProgress) => void },
): Promise<MoveReport> {
  const objects: { key: string; size: number }[] = [];
  for await (const object of source.list('')) {
    if (!TEMPORARY_PREFIXES.some((prefix) => object.key.startsWith(prefix))) objects.push(object);
  }
  objects.sort((a, b) => a.key.localeCompare(b.key));
  const report: MoveReport = { copied: 0, present: 0, bytes: 0, failed: [], removedFromSource: 0 };

  for (const [index, { key, size }] of objects.entries()) {
    try {
      const original = await sha256Of(await source.read(key));
      const matches = async () => {
        const stored = await sha256Of(await target.read(key));
        return stored.size === original.size && stored.sha256 === original.sha256;
      };
      let outcome: MoveProgress['outcome'] = 'present';
      if ((await target.stat(key))?.size !== original.size || !(await matches())) {
        const written = await target.writeTemp(await source.read(key));
        await target.commit(written.tempKey, key);
        outcome = 'copied';
        if (!(await matches())) throw new Error('the copy read back differs from the original');
      }
      report[outcome] += 1;
      report.bytes += original.size;
      options.onProgress?.({ done: index + 1, total: objects.length, key, size, outcome });
    } catch (error) {
      report.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
    }
  }

  if (options.removeSource && report.failed.length === 0) {
    for (const { key } of objects) {
      await source.remove(key);
      report.removedFromSource += 1;
    }
  }
  return report;
}
