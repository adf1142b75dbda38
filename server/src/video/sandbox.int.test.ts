import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegBinaries } from './ffmpeg-binary.ts';
import { inputOptions } from './probe.ts';
import { FfmpegError, FfmpegTooLongError, runFfmpeg, spawnLimited } from './run-ffmpeg.ts';
import { accountFor, type RunLimits, type Sandbox } from './sandbox.ts';

const LIMITS: RunLimits = { memoryBytes: 2 ** 31, cpuSeconds: 60, fileBytes: 2 ** 26 };
const ffmpeg = async () =>
  (await ffmpegBinaries({ ffmpegPath: undefined, allowOutdated: true })).ffmpeg;

/** What a sandboxed run of `binary args` prints, and how it ended. */
function output(binary: string, args: string[], sandbox: Sandbox) {
  return new Promise<{ stdout: string; code: number | null }>((resolve) => {
    const child = spawnLimited(binary, args, sandbox);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ stdout, code }));
  });
}

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-test-sandbox-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('runs of ffmpeg', () => {
  it('never see the server environment (its secrets)', async () => {
    process.env.ZURA_TEST_SECRET = 'not-for-ffmpeg';
    try {
      const { stdout } = await output('/usr/bin/env', [], { account: undefined, limits: LIMITS });
      expect(stdout).toContain('MALLOC_ARENA_MAX=2');
      expect(stdout).not.toContain('not-for-ffmpeg');
    } finally {
      delete process.env.ZURA_TEST_SECRET;
    }
  });

  it('are ended when they write a file past the output limit', async () => {
    const out = path.join(dir, 'big.raw');
    await expect(
      runFfmpeg(
        await ffmpeg(),
        ['-f', 'lavfi', '-i', 'testsrc=size=320x240:duration=10', '-f', 'rawvideo', out],
        {
          stallMs: 30_000,
          sandbox: { account: undefined, limits: { ...LIMITS, fileBytes: 2 ** 20 } },
        },
      ),
    ).rejects.toBeInstanceOf(FfmpegError);
    expect((await fs.stat(out)).size).toBeLessThanOrEqual(2 ** 20);
  });

  it('are ended when they pass their CPU time', { timeout: 60_000 }, async () => {
    const started = Date.now();
    await expect(
      runFfmpeg(
        await ffmpeg(),
        [
          ...['-f', 'lavfi', '-i', 'testsrc=size=1920x1080:duration=600'],
          ...['-c:v', 'libx264', '-preset', 'medium', '-f', 'null', '-'],
        ],
        { stallMs: 60_000, sandbox: { account: undefined, limits: { ...LIMITS, cpuSeconds: 2 } } },
      ),
    ).rejects.toBeInstanceOf(FfmpegError);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('cannot take more memory than their limit', async () => {
    await expect(
      runFfmpeg(
        await ffmpeg(),
        ['-f', 'lavfi', '-i', 'testsrc=size=320x240:duration=1', '-f', 'null', '-'],
        {
          stallMs: 30_000,
          sandbox: { account: undefined, limits: { ...LIMITS, memoryBytes: 2 ** 24 } },
        },
      ),
    ).rejects.toBeInstanceOf(FfmpegError);
  });

  it('read no network input', async () => {
    const run = runFfmpeg(
      await ffmpeg(),
      [...inputOptions('mov'), '-i', 'http://127.0.0.1:9/clip.mp4', '-f', 'null', '-'],
      { stallMs: 30_000, sandbox: { account: undefined, limits: LIMITS } },
    );
    await expect(run).rejects.toBeInstanceOf(FfmpegError);
    await expect(run).rejects.toMatchObject({ stderr: expect.stringMatching(/not on whitelist/) });
  });

  it('are ended once their output passes the longest video allowed', async () => {
    await expect(
      runFfmpeg(
        await ffmpeg(),
        ['-f', 'lavfi', '-i', 'testsrc=size=160x120:duration=60', '-f', 'null', '-'],
        { stallMs: 30_000, maxOutMs: 2000, sandbox: { account: undefined, limits: LIMITS } },
      ),
    ).rejects.toBeInstanceOf(FfmpegTooLongError);
  });
});

describe.runIf(process.getuid?.() === 0)('as root', () => {
  it('runs as nobody where the source is readable by it, and nobody reads no private file', async () => {
    const open = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-test-open-'));
    try {
      await fs.chmod(open, 0o755);
      const source = path.join(open, 'clip.mp4');
      await fs.writeFile(source, 'x', { mode: 0o644 });
      const account = await accountFor(source);
      expect(account).toBeDefined();
      const sandbox = { account, limits: LIMITS };
      expect((await output('/usr/bin/id', ['-u'], sandbox)).stdout.trim()).not.toBe('0');
      const secret = path.join(open, 'secret');
      await fs.writeFile(secret, 'private', { mode: 0o600 });
      const read = await output('/bin/cat', [secret], sandbox);
      expect(read.code).not.toBe(0);
      expect(read.stdout).toBe('');
      // A source only root can reach (an S3 download's private folder) is read as root.
      expect(await accountFor(path.join(dir, 'clip.mp4'))).toBeUndefined();
    } finally {
      await fs.rm(open, { recursive: true, force: true });
    }
  });
});
