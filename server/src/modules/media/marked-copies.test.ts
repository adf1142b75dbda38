import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMarkedCopies } from './marked-copies.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-marked-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const bytes = (n: number, fill: number) => Buffer.alloc(n, fill);
const onDisk = async () => (await fs.readdir(dir)).sort();
const folderBytes = async () => {
  let total = 0;
  for (const name of await fs.readdir(dir)) total += (await fs.stat(path.join(dir, name))).size;
  return total;
};

describe('marked copies on disk (issue 35)', () => {
  it('makes a copy once, however many ask for it at once, and serves it again from disk', async () => {
    const copies = createMarkedCopies({ dir, budgetBytes: 1000 });
    let made = 0;
    const make = async () => {
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return bytes(10, 1);
    };
    const answers = await Promise.all([1, 2, 3].map(() => copies.get('a.feed.1', make)));
    expect(made).toBe(1);
    for (const answer of answers) expect(answer.equals(bytes(10, 1))).toBe(true);
    expect((await copies.get('a.feed.1', make)).equals(bytes(10, 1))).toBe(true);
    expect(made).toBe(1);
    expect(await onDisk()).toEqual(['a.feed.1']);
  });

  it('stays within its budget, the least recently served going first', async () => {
    const copies = createMarkedCopies({ dir, budgetBytes: 25 });
    await copies.get('one', async () => bytes(10, 1));
    await copies.get('two', async () => bytes(10, 2));
    await copies.get('one', async () => bytes(10, 9)); // served again: now the newest
    await copies.get('three', async () => bytes(10, 3));
    expect(await onDisk()).toEqual(['one', 'three']);
    expect(copies.keptBytes()).toBe(20);
    expect(await folderBytes()).toBeLessThanOrEqual(25);
    // A copy larger than the whole budget is answered but not kept.
    expect((await copies.get('huge', async () => bytes(30, 4))).length).toBe(30);
    expect(await onDisk()).toEqual(['one', 'three']);
  });

  it('finds what an earlier process kept, within the budget, and forgets a file gone', async () => {
    await createMarkedCopies({ dir, budgetBytes: 100 }).get('kept', async () => bytes(10, 5));
    const again = createMarkedCopies({ dir, budgetBytes: 100 });
    expect((await again.get('kept', async () => bytes(10, 6))).equals(bytes(10, 5))).toBe(true);
    await fs.rm(path.join(dir, 'kept'));
    expect((await again.get('kept', async () => bytes(10, 7))).equals(bytes(10, 7))).toBe(true);
    expect(again.keptBytes()).toBe(10);
  });

  it('makes a file copy once at a temporary path, keeps the newest even past the budget, and counts both kinds', async () => {
    const copies = createMarkedCopies({ dir, budgetBytes: 25 });
    let made = 0;
    const make = (size: number) => async (target: string) => {
      made += 1;
      expect(path.dirname(target)).toBe(dir);
      expect(target).toMatch(/\.tmp$/);
      await fs.writeFile(target, bytes(size, 2));
    };
    const paths = await Promise.all([1, 2].map(() => copies.file('v.mp4.1', make(20))));
    expect(made).toBe(1);
    expect(paths).toEqual([path.join(dir, 'v.mp4.1'), path.join(dir, 'v.mp4.1')]);
    expect(await copies.file('v.mp4.1', make(20))).toBe(path.join(dir, 'v.mp4.1'));
    expect(made).toBe(1);
    // Larger than the whole budget: kept, the older file going, until the next copy is kept.
    await copies.file('w.mp4.1', make(40));
    expect(await onDisk()).toEqual(['w.mp4.1']);
    expect(copies.keptBytes()).toBe(40);
    await copies.get('img', async () => bytes(5, 3));
    expect(await onDisk()).toEqual(['img']);
    expect(copies.keptBytes()).toBe(5);
    // A making that fails leaves nothing behind and is tried again by the next request.
    await expect(
      copies.file('x.mp4.1', async (target) => {
        await fs.writeFile(target, 'half');
        throw new Error('ffmpeg failed');
      }),
    ).rejects.toThrow('ffmpeg failed');
    expect(await onDisk()).toEqual(['img']);
  });

  it('refuses a name that could leave its folder', async () => {
    const copies = createMarkedCopies({ dir, budgetBytes: 100 });
    await expect(copies.get('../x', async () => bytes(1, 1))).rejects.toThrow(/unsafe/);
  });
});
