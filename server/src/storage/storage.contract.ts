import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAD_BYTES } from './hashing-tap.ts';
import type { MediaStorage } from './storage.ts';

export type StorageUnderTest = { storage: MediaStorage; close?: () => Promise<void> };

/**
 * What every media store must do, whatever holds the bytes. Registers a describe block;
 * `open` runs once before its tests and gets a fresh, empty store.
 */
export function describeStorageContract(name: string, open: () => Promise<StorageUnderTest>) {
  describe(`MediaStorage contract: ${name}`, () => {
    let underTest: StorageUnderTest;
    let storage: MediaStorage;
    /** Each test's keys under its own folder, so tests never see each other's objects. */
    const folder = () => `contract-${randomUUID()}`;

    beforeAll(async () => {
      underTest = await open();
      storage = underTest.storage;
    });
    afterAll(async () => {
      await storage?.close();
      await underTest?.close?.();
    });

    it('writeTemp answers the size, SHA-256 and first bytes of a stream that arrives in chunks', async () => {
      const bytes = randomBytes(10_000);
      const result = await storage.writeTemp(inChunks(bytes, 999));
      expect(result.size).toBe(bytes.length);
      expect(result.sha256).toBe(sha256(bytes));
      expect(result.head.equals(bytes.subarray(0, HEAD_BYTES))).toBe(true);
      await storage.remove(result.tempKey);
    });

    it('writeTemp of a small body: the head is the whole body', async () => {
      const bytes = Buffer.from('tiny');
      const result = await storage.writeTemp(Readable.from([bytes]));
      expect(result).toMatchObject({ size: 4, sha256: sha256(bytes) });
      expect(result.head.equals(bytes)).toBe(true);
      await storage.remove(result.tempKey);
    });

    it('commit moves the temporary object to its key', async () => {
      const bytes = randomBytes(5000);
      const { tempKey } = await storage.writeTemp(Readable.from([bytes]));
      const key = `${folder()}/original`;
      await storage.commit(tempKey, key);
      expect(await storage.stat(key)).toEqual({ size: 5000 });
      expect(await storage.stat(tempKey)).toBeUndefined();
      expect((await storage.readBuffer(key)).equals(bytes)).toBe(true);
    });

    it('read streams the whole object, or an inclusive byte range of it', async () => {
      const bytes = randomBytes(20_000);
      const key = `${folder()}/ranged`;
      await storage.writeBuffer(key, bytes, 'application/octet-stream');
      expect((await readAll(await storage.read(key))).equals(bytes)).toBe(true);
      const first = await readAll(await storage.read(key, { start: 0, end: 9 }));
      expect(first.equals(bytes.subarray(0, 10))).toBe(true);
      const middle = await readAll(await storage.read(key, { start: 7000, end: 12_344 }));
      expect(middle.equals(bytes.subarray(7000, 12_345))).toBe(true);
      const last = await readAll(await storage.read(key, { start: 19_999, end: 19_999 }));
      expect(last.equals(bytes.subarray(19_999))).toBe(true);
    });

    it('read of a missing object fails', async () => {
      await expect(storage.read(`${folder()}/missing`)).rejects.toThrow();
    });

    it('stat answers the size of an object and undefined for a missing one', async () => {
      const key = `${folder()}/sized`;
      await storage.writeBuffer(key, Buffer.alloc(1234, 7), 'application/octet-stream');
      expect(await storage.stat(key)).toEqual({ size: 1234 });
      expect(await storage.stat(`${folder()}/missing`)).toBeUndefined();
    });

    it('writeBuffer and readBuffer round-trip bytes under a nested key, replacing old ones', async () => {
      const key = `${folder()}/variants/ab/cd.webp`;
      await storage.writeBuffer(key, Buffer.from('first'), 'image/webp');
      const bytes = randomBytes(3000);
      await storage.writeBuffer(key, bytes, 'image/webp');
      expect((await storage.readBuffer(key)).equals(bytes)).toBe(true);
    });

    it('withLocalFile hands a file with the bytes to the tool and answers its result', async () => {
      const bytes = randomBytes(70_000);
      const key = `${folder()}/video`;
      await storage.writeBuffer(key, bytes, 'video/mp4');
      let seenPath = '';
      const answer = await storage.withLocalFile(key, async (filePath) => {
        seenPath = filePath;
        expect((await fs.readFile(filePath)).equals(bytes)).toBe(true);
        return 'poster made';
      });
      expect(answer).toBe('poster made');
      // A temporary copy is gone afterwards; local disk lent the object itself, which stays.
      if (storage.kind === 's3') await expect(fs.access(seenPath)).rejects.toThrow();
      else expect((await fs.readFile(seenPath)).equals(bytes)).toBe(true);
    });

    it('withLocalFile passes on the failure of the tool, and still cleans up', async () => {
      const key = `${folder()}/broken-video`;
      await storage.writeBuffer(key, Buffer.from('not a video'), 'video/mp4');
      let seenPath = '';
      await expect(
        storage.withLocalFile(key, async (filePath) => {
          seenPath = filePath;
          throw new Error('ffmpeg failed');
        }),
      ).rejects.toThrow('ffmpeg failed');
      if (storage.kind === 's3') await expect(fs.access(seenPath)).rejects.toThrow();
      expect(await storage.stat(key)).toEqual({ size: 11 });
    });

    it('remove deletes an object, and removing a missing one is no error', async () => {
      const key = `${folder()}/doomed`;
      await storage.writeBuffer(key, Buffer.from('bye'), 'text/plain');
      await storage.remove(key);
      expect(await storage.stat(key)).toBeUndefined();
      await expect(storage.remove(key)).resolves.toBeUndefined();
      await expect(storage.remove(`${folder()}/never-was`)).resolves.toBeUndefined();
    });

    it('list answers every object under a prefix with its size, and nothing else', async () => {
      const base = folder();
      await storage.writeBuffer(`${base}/a`, Buffer.alloc(1), 'text/plain');
      await storage.writeBuffer(`${base}/b/c`, Buffer.alloc(22), 'text/plain');
      await storage.writeBuffer(`${base}-sibling/d`, Buffer.alloc(3), 'text/plain');
      const listed = await collect(storage.list(`${base}/`));
      expect(listed.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
        { key: `${base}/a`, size: 1 },
        { key: `${base}/b/c`, size: 22 },
      ]);
      expect(await collect(storage.list(`${folder()}/`))).toEqual([]);
    });

    it('list includes temporary objects, so leftovers can be found', async () => {
      const { tempKey } = await storage.writeTemp(Readable.from([Buffer.from('pending')]));
      const listed = await collect(storage.list(''));
      expect(listed).toContainEqual({ key: tempKey, size: 7 });
      await storage.remove(tempKey);
    });

    it.each([
      ['before the first part', 1000],
      ['after several parts', 20 * 1024 * 1024],
    ])('a source that fails %s rejects and leaves no object behind', async (_when, goodBytes) => {
      const before = await collect(storage.list(''));
      const source = failingAfter(goodBytes, new Error('client went away'));
      await expect(storage.writeTemp(source)).rejects.toThrow('client went away');
      const after = await collect(storage.list(''));
      expect(after).toEqual(expect.arrayContaining(before));
      expect(after).toHaveLength(before.length);
    });

    it('a large streamed object (40 MiB) round-trips with the right hash', async () => {
      const size = 40 * 1024 * 1024;
      const { stream, digest } = generated(size);
      const result = await storage.writeTemp(stream);
      expect(result.size).toBe(size);
      expect(result.sha256).toBe(digest());
      const key = `${folder()}/large`;
      await storage.commit(result.tempKey, key);
      expect(await storage.stat(key)).toEqual({ size });
      const readBack = createHash('sha256');
      let readSize = 0;
      for await (const chunk of await storage.read(key)) {
        readBack.update(chunk as Buffer);
        readSize += (chunk as Buffer).length;
      }
      expect(readSize).toBe(size);
      expect(readBack.digest('hex')).toBe(result.sha256);
      await storage.remove(key);
    }, 120_000);
  });
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function inChunks(bytes: Buffer, chunkSize: number): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize)
    chunks.push(bytes.subarray(at, at + chunkSize));
  return Readable.from(chunks);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** `size` random bytes made as they are read, never held whole, and their hash once read. */
function generated(size: number): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  const chunkSize = 1024 * 1024;
  let produced = 0;
  const stream = new Readable({
    read() {
      if (produced >= size) return void this.push(null);
      const chunk = randomBytes(Math.min(chunkSize, size - produced));
      produced += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/** Sends `goodBytes` bytes, then fails as a dropped upload connection would. */
function failingAfter(goodBytes: number, error: Error): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= goodBytes) return void this.destroy(error);
      const chunk = randomBytes(Math.min(256 * 1024, goodBytes - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}
