import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Marked copies of gated images (issue 35), one file per (upload, variant, recipient), kept on
 * this instance's disk under a byte budget: the least recently served go first once it is
 * passed. A copy is made on its first request; requests for it meanwhile wait for that one
 * making instead of marking again. The index lives in memory and is rebuilt from the folder at
 * start (oldest modified first), so a restart keeps what was made.
 */
export type MarkedCopies = {
  /** The copy named `name`, made by `make` when it is not kept (and then kept if it fits). */
  get: (name: string, make: () => Promise<Buffer>) => Promise<Buffer>;
  /** Bytes kept now: what the budget bounds. */
  keptBytes: () => number;
};

/** A copy's file name: only these characters, so no name leaves the folder. */
const SAFE_NAME = /^[A-Za-z0-9._-]+$/;

export function createMarkedCopies(options: { dir: string; budgetBytes: number }): MarkedCopies {
  const { dir, budgetBytes } = options;
  // Insertion order is recency: a copy served again is moved to the end.
  const kept = new Map<string, number>();
  let total = 0;
  const making = new Map<string, Promise<Buffer>>();
  // Read at the first request, not at start: a process that serves no marked copy never looks.
  let ready: Promise<void> | undefined;

  async function loadIndex() {
    await fs.mkdir(dir, { recursive: true });
    const found: { name: string; size: number; at: number }[] = [];
    for (const name of await fs.readdir(dir)) {
      if (name.endsWith('.tmp')) {
        // Left by a making that did not finish (a crash): never served, so gone.
        await fs.rm(path.join(dir, name), { force: true });
        continue;
      }
      const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
      if (stat?.isFile()) found.push({ name, size: stat.size, at: stat.mtimeMs });
    }
    for (const file of found.sort((a, b) => a.at - b.at)) {
      kept.set(file.name, file.size);
      total += file.size;
    }
    await evict();
  }

  async function evict() {
    while (total > budgetBytes && kept.size > 0) {
      const [oldest, size] = kept.entries().next().value as [string, number];
      kept.delete(oldest);
      total -= size;
      await fs.rm(path.join(dir, oldest), { force: true });
    }
  }

  async function keep(name: string, bytes: Buffer) {
    // A copy larger than the whole budget is served but not kept: it would evict everything.
    if (bytes.length > budgetBytes) return;
    const temporary = path.join(dir, `${name}.${randomBytes(4).toString('hex')}.tmp`);
    await fs.writeFile(temporary, bytes);
    // Renamed into place whole: a reader never sees half a copy.
    await fs.rename(temporary, path.join(dir, name));
    const before = kept.get(name);
    if (before !== undefined) total -= before;
    kept.delete(name);
    kept.set(name, bytes.length);
    total += bytes.length;
    await evict();
  }

  async function read(name: string): Promise<Buffer | undefined> {
    const size = kept.get(name);
    if (size === undefined) return undefined;
    try {
      const bytes = await fs.readFile(path.join(dir, name));
      kept.delete(name);
      kept.set(name, size);
      return bytes;
    } catch {
      // Removed behind our back: forgotten, and made again.
      if (kept.delete(name)) total -= size;
      return undefined;
    }
  }

  async function makeAndKeep(name: string, make: () => Promise<Buffer>) {
    const bytes = await make();
    await keep(name, bytes);
    return bytes;
  }

  return {
    async get(name, make) {
      if (!SAFE_NAME.test(name)) throw new Error(`unsafe marked copy name: ${name}`);
      ready ??= loadIndex().catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      await ready;
      const found = await read(name);
      if (found) return found;
      let pending = making.get(name);
      if (!pending) {
        pending = makeAndKeep(name, make).finally(() => making.delete(name));
        making.set(name, pending);
      }
      return pending;
    },
    keptBytes: () => total,
  };
}
