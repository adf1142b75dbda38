import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/s3.ts';
import { loadConfig } from '../config/index.ts';
import { createLocalStorage } from '../storage/local.ts';
import { moveMedia } from '../storage/move-media.ts';
import { createS3Storage, type S3Storage } from '../storage/s3.ts';
import type { MediaStorage } from '../storage/storage.ts';

/**
 * `npm run media:to-s3`, run as an operator runs it: a child process with DATA_DIR and the S3_*
 * settings, against a real S3 server (s3rver) and real files.
 */
const SCRIPT = path.join(import.meta.dirname, 'media-to-s3.ts');

let s3: TestS3;
let bucket: S3Storage;
beforeAll(async () => {
  s3 = await startS3('media-move');
  const config = loadConfig({ ...s3.env });
  if (!config.s3) throw new Error('the test bucket is not configured');
  bucket = createS3Storage(config.s3);
});
afterAll(async () => {
  await bucket.close();
  await s3.close();
});

let dataDir: string;
let disk: MediaStorage;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-media-move-'));
  disk = createLocalStorage(path.join(dataDir, 'media'));
  for await (const { key } of bucket.list('')) await bucket.remove(key);
});

function mediaToS3(
  args: string[] = [],
  env: Record<string, string> = s3.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, ...args],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function keysOf(store: MediaStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of store.list('')) keys.push(key);
  return keys.sort();
}

/** An installation's media folder: two originals (one past a multipart part), a variant. */
async function writeInstallation() {
  const files = {
    'originals/1/photo.jpg': randomBytes(300 * 1024),
    'originals/2/clip.mp4': randomBytes(13 * 1024 * 1024),
    'variants/1/photo-feed.webp': randomBytes(40 * 1024),
  };
  for (const [key, bytes] of Object.entries(files)) {
    await disk.writeBuffer(key, bytes, 'application/octet-stream');
  }
  // An upload a crash cut short: not media, never moved.
  const unfinished = await disk.writeTemp(Readable.from([randomBytes(1000)]));
  return { files, unfinishedKey: unfinished.tempKey };
}

describe('npm run media:to-s3', () => {
  it('copies and verifies every object, skips what an earlier run left right, recopies what it left wrong', async () => {
    const { files, unfinishedKey } = await writeInstallation();
    // An earlier run, cut short: one object already right, one of the right size but other bytes.
    await bucket.writeBuffer('originals/1/photo.jpg', files['originals/1/photo.jpg'], 'image/jpeg');
    await bucket.writeBuffer(
      'variants/1/photo-feed.webp',
      randomBytes(files['variants/1/photo-feed.webp'].length),
      'image/webp',
    );

    const run = await mediaToS3(['--keep-local']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      '[1/3] originals/1/photo.jpg (300.0 KiB): already there, verified',
    );
    expect(run.stdout).toContain('[2/3] originals/2/clip.mp4 (13.0 MiB): copied and verified');
    expect(run.stdout).toContain(
      '[3/3] variants/1/photo-feed.webp (40.0 KiB): copied and verified',
    );
    expect(run.stdout).toContain('2 copied, 1 already there');

    expect(await keysOf(bucket)).toEqual(Object.keys(files).sort());
    for (const [key, bytes] of Object.entries(files)) {
      expect((await bucket.readBuffer(key)).equals(bytes)).toBe(true);
    }
    // --keep-local: every local file is still there.
    for (const [key, bytes] of Object.entries(files)) {
      expect((await disk.readBuffer(key)).equals(bytes)).toBe(true);
    }
    expect(await disk.stat(unfinishedKey)).toBeDefined();
  });

  it('removes the local files once everything is in the bucket and verified', async () => {
    const { files, unfinishedKey } = await writeInstallation();
    const run = await mediaToS3();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('3 local files removed');
    for (const key of Object.keys(files)) expect(await disk.stat(key)).toBeUndefined();
    // The folders the files left empty go too; an unfinished upload is neither moved nor removed.
    await expect(fs.stat(path.join(dataDir, 'media', 'originals'))).rejects.toThrow();
    expect(await disk.stat(unfinishedKey)).toBeDefined();
    expect(await keysOf(bucket)).toEqual(Object.keys(files).sort());

    const again = await mediaToS3();
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('0 objects');
  });

  it('stops before copying anything when the bucket refuses, and says what it refused', async () => {
    const { files } = await writeInstallation();
    const run = await mediaToS3([], { ...s3.env, S3_BUCKET: 'no-such-bucket' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('S3 self-test failed at PutObject');
    expect(run.stderr).toContain('NoSuchBucket');
    for (const [key, bytes] of Object.entries(files)) {
      expect((await disk.readBuffer(key)).equals(bytes)).toBe(true);
    }
  });

  it('asks for the bucket when S3_BUCKET is not set', async () => {
    const run = await mediaToS3([], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('S3_BUCKET is not set');
  });
});

describe('moveMedia', () => {
  it('keeps every local file when one copy does not read back the same', async () => {
    const { files } = await writeInstallation();
    // The bucket as seen through a faulty link: one object reads back with a byte flipped.
    const faulty: MediaStorage = {
      ...bucket,
      async read(key, range) {
        const stream = await bucket.read(key, range);
        if (key !== 'originals/1/photo.jpg') return stream;
        const bytes = Buffer.concat(await stream.toArray());
        bytes[0] = (bytes[0] ?? 0) ^ 0xff;
        return Readable.from([bytes]);
      },
    };
    const report = await moveMedia(disk, faulty, { removeSource: true });
    expect(report.failed).toEqual([
      { key: 'originals/1/photo.jpg', reason: 'the copy read back differs from the original' },
    ]);
    expect(report.removedFromSource).toBe(0);
    for (const [key, bytes] of Object.entries(files)) {
      expect((await disk.readBuffer(key)).equals(bytes)).toBe(true);
    }
  });
});
