import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.ts';
import type { MediaStorage } from './storage.ts';

/*
 * What only the local store does; the behaviour both stores share is the contract suite's.
 */
let root: string;
let storage: MediaStorage;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-local-store-'));
  storage = createLocalStorage(path.join(root, 'media'));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const all = async (prefix: string) => {
  const found: { key: string; size: number }[] = [];
  for await (const object of storage.list(prefix)) found.push(object);
  return found.sort((a, b) => a.key.localeCompare(b.key));
};

describe('the local media store', () => {
  it('writes a temporary object under .tmp/, hashed, and commits it to its key', async () => {
    const bytes = Buffer.from('0123456789abcdef'.repeat(1000));
    const written = await storage.writeTemp(
      Readable.from([bytes.subarray(0, 5000), bytes.subarray(5000)]),
    );
    expect(written.tempKey).toMatch(/^\.tmp\/[0-9a-f-]{36}$/);
    expect(written.size).toBe(bytes.length);
    expect(written.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(written.head).toEqual(bytes.subarray(0, 4100));
    expect(await all('.tmp/')).toEqual([{ key: written.tempKey, size: bytes.length }]);

    await storage.commit(written.tempKey, 'originals/1/a.bin');
    expect(await all('.tmp/')).toEqual([]);
    expect(await storage.stat('originals/1/a.bin')).toEqual({ size: bytes.length });
    expect(await storage.readBuffer('originals/1/a.bin')).toEqual(bytes);
  });

  it('reads one inclusive range of an object', async () => {
    await storage.writeBuffer('originals/1/range.txt', Buffer.from('abcdefghij'), 'text/plain');
    expect(await text(await storage.read('originals/1/range.txt', { start: 2, end: 5 }))).toBe(
      'cdef',
    );
    expect(await text(await storage.read('originals/1/range.txt'))).toBe('abcdefghij');
  });

  it('answers nothing for a missing object, and rejects reading it', async () => {
    expect(await storage.stat('originals/1/none.bin')).toBeUndefined();
    expect(await storage.stat('originals/nowhere/none.bin')).toBeUndefined();
    await expect(storage.read('originals/1/none.bin')).rejects.toThrow();
    await expect(storage.readBuffer('originals/1/none.bin')).rejects.toThrow();
    await expect(storage.withLocalFile('originals/1/none.bin', async () => 1)).rejects.toThrow();
    await storage.remove('originals/1/none.bin');
  });

  it('hands tools the stored file itself, not a copy', async () => {
    await storage.writeBuffer('originals/2/clip.bin', Buffer.from('clip'), 'video/mp4');
    const seen = await storage.withLocalFile('originals/2/clip.bin', async (file) => {
      expect(file).toBe(path.join(root, 'media', 'originals', '2', 'clip.bin'));
      return fs.readFile(file, 'utf8');
    });
    expect(seen).toBe('clip');
    expect(await storage.stat('originals/2/clip.bin')).toEqual({ size: 4 });
  });

  it('never gives a direct URL: local bytes pass through the server', async () => {
    expect(
      await storage.directUrl(
        'originals/2/clip.bin',
        { contentType: 'video/mp4', contentDisposition: 'inline' },
        300,
      ),
    ).toBeUndefined();
  });

  it('lists by prefix, down every folder the prefix reaches', async () => {
    await storage.writeBuffer('variants/3/x-feed.webp', Buffer.from('f'), 'image/webp');
    await storage.writeBuffer('variants/3/x-thumb.webp', Buffer.from('tt'), 'image/webp');
    await storage.writeBuffer('variants/30/y-thumb.webp', Buffer.from('t'), 'image/webp');
    expect(await all('variants/3/')).toEqual([
      { key: 'variants/3/x-feed.webp', size: 1 },
      { key: 'variants/3/x-thumb.webp', size: 2 },
    ]);
    expect((await all('variants/3')).map((o) => o.key)).toContain('variants/30/y-thumb.webp');
    expect(await all('variants/3/x-t')).toEqual([{ key: 'variants/3/x-thumb.webp', size: 2 }]);
    expect(await all('nothing/here/')).toEqual([]);
    expect((await all('')).map((o) => o.key)).toContain('originals/2/clip.bin');
  });

  it('refuses a key that climbs out of its folder', async () => {
    for (const key of ['../outside.txt', 'originals/../../outside.txt', '/etc/passwd']) {
      await expect(storage.writeBuffer(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(storage.stat(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/invalid storage key/);
    }
    await expect(fs.stat(path.join(root, 'outside.txt'))).rejects.toThrow();
  });
});
