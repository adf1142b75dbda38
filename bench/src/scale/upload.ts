import { execFile } from 'node:child_process';
import { randomBytes, randomFillSync } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Benchmark } from '../lib/benchmark.ts';
import { below, type Figure } from '../lib/report.ts';
import { startS3Process } from '../lib/s3.ts';
import { removeDataDir, startServer } from '../lib/server.ts';
import { median } from '../lib/stats.ts';
import { api, MiB, sampleRss, signUp, sleep, timed } from './common.ts';
import { scaleSettings, type UploadStorage } from './settings.ts';

const MEMORY_TARGET_MIB = 64;
const PAD_CHUNK = 8 * MiB;
const UPLOAD_TIMEOUT_MS = 600_000;
/** An MP4 `ftyp` box: what remains of a video when ffmpeg is not installed. */
const FTYP = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f326d703431', 'hex');

/** A real one-second MP4 from ffmpeg, or a bare ftyp box without it. */
function smallMp4(dir: string): Promise<{ bytes: Buffer; source: string }> {
  const file = path.join(dir, 'small.mp4');
  return new Promise((resolve) => {
    execFile(
      'ffmpeg',
      [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64:rate=10'],
        ...['-pix_fmt', 'yuv420p', '-y', file],
      ],
      { timeout: 60_000 },
      (error) => {
        if (error) {
          resolve({ bytes: FTYP, source: 'a bare MP4 ftyp box (no ffmpeg)' });
          return;
        }
        void fs
          .readFile(file)
          .then((bytes) => resolve({ bytes, source: 'a 1 s ffmpeg testsrc MP4' }));
      },
    );
  });
}

/** Writes `size` bytes: the small MP4, then random bytes (one random block repeated). */
async function writeVideo(file: string, head: Buffer, size: number): Promise<void> {
  const block = Buffer.alloc(PAD_CHUNK);
  randomFillSync(block);
  const handle = await fs.open(file, 'w');
  try {
    await handle.write(head);
    let written = head.length;
    while (written < size) {
      const chunk = block.subarray(0, Math.min(PAD_CHUNK, size - written));
      await handle.write(chunk);
      written += chunk.length;
    }
  } finally {
    await handle.close();
  }
}

/** POSTs the file as multipart/form-data, streamed from disk; answers the status and body. */
export function uploadFile(
  url: string,
  token: string,
  file: string,
  size: number,
  as: { filename: string; type: string } = { filename: 'big.mp4', type: 'video/mp4' },
): Promise<{ status: number; body: string }> {
  const boundary = `----zura-bench-${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="context"\r\n\r\npost_video\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${as.filename}"\r\n` +
      `Content-Type: ${as.type}\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const target = new URL('/api/uploads/', url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        method: 'POST',
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': preamble.length + size + epilogue.length,
        },
        timeout: UPLOAD_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('upload timed out')));
    const body = Readable.from(
      (async function* () {
        yield preamble;
        yield* createReadStream(file, { highWaterMark: MiB });
        yield epilogue;
      })(),
    );
    pipeline(body, request).catch(reject);
  });
}

const mibPerSecond = (bytes: number, ms: number) => bytes / MiB / (ms / 1000);

type Sample = { at: number; rss: number };

/** RSS growth over the median before `from`: the peak within [from, to], and after `to`. */
function rssGrowth(samples: Sample[], from: number, to: number) {
  const baseline = median(samples.filter((s) => s.at < from).map((s) => s.rss));
  const during = samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.rss);
  const after = samples.filter((s) => s.at > to).map((s) => s.rss);
  // The peak in each quarter of the upload: flat when nothing is buffered per byte received.
  const quarters = [0, 1, 2, 3].map((q) => {
    const start = from + ((to - from) * q) / 4;
    const end = from + ((to - from) * (q + 1)) / 4;
    const inQuarter = samples.filter((s) => s.at >= start && s.at <= end).map((s) => s.rss);
    return ((Math.max(...inQuarter) - baseline) / MiB).toFixed(0);
  });
  return {
    baseline,
    peak: Math.max(...during),
    growth: (Math.max(...during) - baseline) / MiB,
    afterGrowth: (Math.max(...after) - baseline) / MiB,
    samples: during.length,
    quarters,
  };
}

/** Bytes of the regular files under `dir`. */
async function storedBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

const STORAGE_LABELS: Record<UploadStorage, string> = {
  local: 'local disk',
  s3: 'S3 (s3rver)',
};

/**
 * One upload of `source` to a fresh server storing media on `storage`: the server's RSS every
 * 100 ms from 1 s before to 3 s after, the time to the answer, and where the bytes ended up.
 */
async function measureUpload(storage: UploadStorage, source: string, size: number) {
  const s3 = storage === 's3' ? await startS3Process() : undefined;
  try {
    const server = await startServer({ env: s3?.env ?? {} });
    try {
      const user = await signUp(server.url, `upload_${storage}`);
      const sampler = sampleRss(server.pid, 100);
      const s3Sampler = s3 ? sampleRss(s3.pid, 100) : undefined;
      await sleep(1_000);
      const startedAt = performance.now();
      const [answer, uploadMs] = await timed(() =>
        uploadFile(server.url, user.access, source, size),
      );
      const endedAt = performance.now();
      await sleep(3_000);
      const serverRss = rssGrowth(await sampler.stop(), startedAt, endedAt);
      const s3rver = s3Sampler ? rssGrowth(await s3Sampler.stop(), startedAt, endedAt) : undefined;

      // Proof of where the bytes went: the bucket's directory or DATA_DIR/media holds them.
      const stored = s3
        ? await s3.storedBytes()
        : await storedBytes(path.join(server.dataDir, 'media'));
      let outcome = `HTTP ${answer.status}`;
      if (answer.status === 201) {
        const body = JSON.parse(answer.body) as {
          id: string;
          content_type?: string;
          file_size?: number;
        };
        outcome += `, ${body.content_type ?? '?'}, ${(body.file_size ?? 0).toLocaleString('en-US')} bytes`;
        await api(server.url, user.access, 'DELETE', `/api/uploads/${body.id}/`);
      } else {
        outcome += `: ${answer.body.slice(0, 200)}`;
      }
      return { uploadMs, server: serverRss, s3rver, stored, outcome, ok: answer.status === 201 };
    } finally {
      await server.stop();
      await removeDataDir(server.dataDir);
    }
  } finally {
    await s3?.stop();
  }
}

function uploadFigures(
  storage: UploadStorage,
  size: number,
  run: Awaited<ReturnType<typeof measureUpload>>,
): Figure[] {
  const label = `${storage}: `;
  const figures: Figure[] = [
    {
      metric: `${label}upload throughput`,
      value: mibPerSecond(size, run.uploadMs),
      unit: 'MiB/s',
      digits: 0,
      note: `${(run.uploadMs / 1000).toFixed(1)} s from the first byte to the answer`,
    },
    {
      metric: `${label}server RSS growth during the upload`,
      value: run.server.growth,
      unit: 'MiB',
      digits: 1,
      target: below(run.server.growth, MEMORY_TARGET_MIB, 'MiB'),
      note: `peak ${(run.server.peak / MiB).toFixed(1)} MiB over a ${(run.server.baseline / MiB).toFixed(1)} MiB baseline; ${run.server.samples} samples, every 100 ms`,
    },
    {
      metric: `${label}server RSS growth, peak per quarter`,
      value: run.server.quarters.join(' / '),
      unit: 'MiB',
      note: 'rising quarter by quarter would mean memory grows with the bytes received',
    },
    {
      metric: `${label}server RSS in the 3 s after the answer`,
      value: run.server.afterGrowth,
      unit: 'MiB',
      digits: 1,
      note: 'growth over the baseline (the poster-frame job runs then)',
    },
  ];
  if (run.s3rver) {
    figures.push({
      metric: `${label}s3rver RSS growth during the upload`,
      value: run.s3rver.growth,
      unit: 'MiB',
      digits: 1,
      note: `its own process, not the server's; peak ${(run.s3rver.peak / MiB).toFixed(1)} MiB`,
    });
  }
  figures.push(
    {
      metric: `${label}bytes stored`,
      value: run.stored.toLocaleString('en-US'),
      note: storage === 's3' ? "the bucket's directory in s3rver" : 'DATA_DIR/media',
    },
    { metric: `${label}answer`, value: run.outcome },
  );
  return figures;
}

export const upload: Benchmark = {
  name: 'upload',
  title:
    'A 2 GiB video through POST /api/uploads/ (multipart, streamed) to local disk and to S3: throughput, server memory',
  async run() {
    const size = scaleSettings.uploadBytes;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-bench-upload-'));
    try {
      const head = await smallMp4(dir);
      const source = path.join(dir, 'big.mp4');
      const [, writeMs] = await timed(() => writeVideo(source, head.bytes, size));

      // The same bytes copied on the same disk, for comparison.
      const [, copyFileMs] = await timed(() => fs.copyFile(source, path.join(dir, 'copy1.mp4')));
      await fs.rm(path.join(dir, 'copy1.mp4'));
      const [, streamCopyMs] = await timed(() =>
        pipeline(
          createReadStream(source, { highWaterMark: MiB }),
          createWriteStream(path.join(dir, 'copy2.mp4')),
        ),
      );
      await fs.rm(path.join(dir, 'copy2.mp4'));

      const figures: Figure[] = [];
      for (const storage of scaleSettings.uploadStorages) {
        const run = await measureUpload(storage, source, size);
        figures.push(...uploadFigures(storage, size, run));
      }
      figures.push(
        {
          metric: 'plain disk copy: fs.copyFile',
          value: mibPerSecond(size, copyFileMs),
          unit: 'MiB/s',
          digits: 0,
          note: `${(copyFileMs / 1000).toFixed(1)} s`,
        },
        {
          metric: 'plain disk copy: read stream → write stream',
          value: mibPerSecond(size, streamCopyMs),
          unit: 'MiB/s',
          digits: 0,
          note: `${(streamCopyMs / 1000).toFixed(1)} s`,
        },
        {
          metric: 'writing the test file',
          value: mibPerSecond(size, writeMs),
          unit: 'MiB/s',
          digits: 0,
        },
      );
      return {
        name: this.name,
        title: this.title,
        setup: [
          `file: ${size.toLocaleString('en-US')} bytes (${(size / 1024 ** 3).toFixed(2)} GiB): ${head.source} (${head.bytes.length.toLocaleString('en-US')} bytes), padded with random bytes`,
          `storage: ${scaleSettings.uploadStorages.map((s) => STORAGE_LABELS[s]).join(', ')}, one after another, each on a fresh server and DATA_DIR`,
          'POST /api/uploads/ context=post_video, multipart/form-data with Content-Length, the file streamed from disk by node:http in 1 MiB reads',
          'server RSS: VmRSS of the server process (/proc/<pid>/status) every 100 ms from 1 s before to 3 s after; baseline = median before',
          "local: the server hashes (SHA-256) and writes the stream to DATA_DIR/media's temporary area, then renames it",
          's3: the server hashes the stream and sends it as a multipart upload (5 MiB parts through two reused buffers: one filling, one being sent) under tmp/, then copies it to its key server-side; s3rver runs as its own child process on the same machine, storing into a temporary directory on the same disk',
          "the copies are on the same filesystem as the server's DATA_DIR; with 2 GiB well inside free RAM all of them mostly hit the page cache",
          'the test file, the stored uploads and the bucket are deleted afterwards',
        ],
        figures,
      };
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  },
};
