import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildUser } from '../../../../test/factories.ts';
import { uploadFile, uploadRow } from '../../../../test/media.ts';
import { TRUSTED_FFMPEG, makeVideo } from '../../../../test/video.ts';
import { ffmpegBinaries } from '../../../video/ffmpeg-binary.ts';

const run = promisify(execFile);

const TEST_LIMITS = { memoryBytes: 2 ** 31, cpuSeconds: 60, fileBytes: 2 ** 26 };

async function uploadVideo(t: TestApp, access: string, content: Buffer, filename: string) {
  const response = await uploadFile(
    t,
    { access },
    {
      content,
      context: 'post_video',
      filename,
      type: filename.endsWith('.mov') ? 'video/quicktime' : 'video/mp4',
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('runFfmpeg', () => {
  it('the watchdog ends an ffmpeg that makes no progress', async () => {
    const { runFfmpeg, FfmpegStalledError } = await import('../../../video/run-ffmpeg.ts');
    const { ffmpeg } = await ffmpegBinaries(TRUSTED_FFMPEG);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-test-fifo-'));
    const fifo = path.join(dir, 'in.fifo');
    await run('mkfifo', [fifo]);
    try {
      // Nobody ever writes to the FIFO: ffmpeg waits on it forever, as on a hung read.
      const started = Date.now();
      await expect(
        runFfmpeg(ffmpeg, ['-i', fifo, '-f', 'null', '-'], {
          stallMs: 1500,
          sandbox: { account: undefined, limits: TEST_LIMITS },
        }),
      ).rejects.toBeInstanceOf(FfmpegStalledError);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

/** This process's ffmpeg children (the jobs' transcodes run in this test process). */
async function ffmpegChildren(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (comm) state ppid ...": the command name may hold spaces, so read after its ')'.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (comm.startsWith('ffmpeg') && ppid === process.pid) pids.push(Number(entry));
  }
  return pids;
}

describe('shutting down during a transcode', () => {
  it(
    'kills its ffmpeg at once and leaves the video unfinished, not failed, for a retry',
    { timeout: 120_000 },
    async () => {
      const t = await buildTestApp();
      const user = await buildUser(t);
      // H.264 is quick to make; its smaller rungs still take ffmpeg a while.
      const content = await makeVideo({ codec: 'h264', width: 1920, height: 1080, seconds: 30 });
      const id = await uploadVideo(t, user.access, content, 'long.mp4');
      // Wait for the smaller rungs' encode: the source's own rung repackaged, ffmpeg at work.
      const deadline = Date.now() + 60_000;
      const encoding = async () =>
        (await uploadRow(t, id))?.videoState === 'ready' && (await ffmpegChildren()).length > 0;
      while (!(await encoding())) {
        if (Date.now() > deadline) throw new Error('the smaller rungs were never encoding');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
      try {
        // Without the kill, closing would wait for the encode to end (and progress reach 100).
        await t.close();
        expect(await ffmpegChildren()).toEqual([]);
        // Playable from its repackaged rung, the smaller rungs not made, and not failed: the
        // job is retried once its lease runs out and finishes the ladder.
        const { rows } = await pool.query(
          'select video_state, video_progress, video_error from uploads where id = $1',
          [id],
        );
        expect(rows[0]).toMatchObject({ video_state: 'ready', video_error: null });
        expect(rows[0]?.video_progress).toBeLessThan(100);
      } finally {
        await pool.end();
      }
    },
  );
});
