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
  /**
   * Makes sure the copy named `name` is a file of the folder (`make` writes it to the path it is
   * given when it is not kept) and answers that path, for copies too large to hold in memory (a
   * video's). Unlike `get`, a file larger than the whole budget is kept too, until the next copy
   * is kept: it must outlive the request that made it, whose player asks for ranges of it.
   */
  file: (name: string, make: (target: string) => Promise<void>) => Promise<string>;
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

  /** Removes the least recently served copies over the budget; `spare` (the newest) stays. */
  async function evict(spare?: string) {
    while (total > budgetBytes && kept.size > (spare === undefined ? 0 : 1)) {
      const [oldest, size] = kept.entries().next().value as [string, number];
      if (oldest === spare) break;
      kept.delete(oldest);
      total -= size;
      await fs.rm(path.join(dir, oldest), { force: true });
    }
  }

  const temporaryFor = (name: string) =>
    path.join(dir, `${name}.${randomBytes(4).toString('hex')}.tmp`);

  /** Renames a finished temporary file into place (a reader never sees half a copy), counted. */
  async function place(temporary: string, name: string, size: number) {
    await fs.rename(temporary, path.join(dir, name));
    const before = kept.get(name);
    if (before !== undefined) total -= before;
    kept.delete(name);
    kept.set(name, size);
    total += size;
  }

  async function keep(name: string, bytes: Buffer) {
    // A copy larger than the whole budget is served but not kept: it would evict everything.
    if (bytes.length > budgetBytes) return;
    const temporary = temporaryFor(name);
    await fs.writeFile(temporary, bytes);
    await place(temporary, name, bytes.length);
    await evict();
  }

  async function makeFile(name: string, make: (target: string) => Promise<void>) {
    const temporary = temporaryFor(name);
    try {
      await make(temporary);
      await place(temporary, name, (await fs.stat(temporary)).size);
    } finally {
      await fs.rm(temporary, { force: true });
    }
    await evict(name);
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

  async function opened(name: string) {
    if (!SAFE_NAME.test(name)) throw new Error(`unsafe marked copy name: ${name}`);
    ready ??= loadIndex().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    await ready;
  }

  /** A kept file's path, now the most recently served; undefined when it is not kept. */
  async function keptFile(name: string): Promise<string | undefined> {
    const size = kept.get(name);
    if (size === undefined) return undefined;
    const file = path.join(dir, name);
    if (!(await fs.stat(file).catch(() => undefined))) {
      kept.delete(name);
      total -= size;
      return undefined;
    }
    kept.delete(name);
    kept.set(name, size);
    return file;
  }

  const makingFile = new Map<string, Promise<void>>();

  /** The making of `name` under way, else `start`ed now: requests meanwhile wait for that one. */
  function once<T>(pending: Map<string, Promise<T>>, name: string, start: () => Promise<T>) {
    let found = pending.get(name);
    if (!found) {
      found = start().finally(() => pending.delete(name));
      pending.set(name, found);
    }
    return found;
  }

  return {
    async file(name, make) {
      await opened(name);
      const found = await keptFile(name);
      if (found) return found;
      await once(makingFile, name, () => makeFile(name, make));
      return path.join(dir, name);
    },
    async get(name, make) {
      await opened(name);
      const found = await read(name);
      if (found) return found;
      return once(making, name, () => makeAndKeep(name, make));
    },
    keptBytes: () => total,
  };
}
