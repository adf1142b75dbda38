import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { resolveFfmpeg } from '../../../server/src/video/ffmpeg-binary.ts';
import type { Benchmark } from '../lib/benchmark.ts';
import type { Figure } from '../lib/report.ts';
import { removeDataDir, startServer } from '../lib/server.ts';
import { api, connectDatabase, MiB, signUp, sleep, timed } from './common.ts';
import { atLeast, loadFigures, loadWithHeaders } from './load.ts';
import { uploadFile } from './upload.ts';

const run = promisify(execFile);

const SOURCE_SECONDS = 60;
const POLL_MS = 100;
const TRANSCODE_TIMEOUT_MS = 30 * 60_000;
const FEED_CONNECTIONS = 8;
const SEEDED_POSTS = 30;
/** Sources are kept between runs: making them costs minutes on a small machine. */
const SOURCE_DIR = path.join(os.tmpdir(), 'zura-bench-video-sources-v1');

type Source = {
  label: string;
  file: string;
  filename: string;
  type: string;
  /** ffmpeg's video encoding arguments. */
  video: string[];
  describe: string;
};

const SOURCES: Source[] = [
  {
    label: 'H.264',
    file: 'h264-1080p-60s.mp4',
    filename: 'clip.mp4',
    type: 'video/mp4',
    video: [
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high'],
      ...['-b:v', '12M', '-maxrate', '16M', '-bufsize', '24M', '-g', '60'],
      ...['-movflags', '+faststart'],
    ],
    describe: 'H.264 High (libx264 veryfast, 12 Mb/s, GOP 60) + AAC 128 kb/s in .mp4',
  },
  {
    label: 'HEVC',
    file: 'hevc-1080p-60s.mov',
    filename: 'IMG_0001.mov',
    type: 'video/quicktime',
    video: [
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1'],
      ...['-b:v', '8M', '-x265-params', 'log-level=error'],
    ],
    describe:
      'HEVC (libx265 ultrafast, 8 Mb/s, hvc1 tag) + AAC 128 kb/s in .mov, as a phone records',
  },
];

/**
 * A 60 s 1080p30 source from testsrc2 (a moving pattern) at a phone's bitrate, plus a tone.
 * Temporal noise (closer to a sensor's) made generation run at 5 fps here: left out.
 */
async function makeSource(ffmpeg: string, source: Source): Promise<string> {
  const out = path.join(SOURCE_DIR, source.file);
  const exists = await fs.stat(out).catch(() => undefined);
  if (exists && exists.size > 0) return out;
  await fs.mkdir(SOURCE_DIR, { recursive: true });
  const partial = path.join(SOURCE_DIR, `partial-${source.file}`);
  await run(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SOURCE_SECONDS}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SOURCE_SECONDS}`],
      ...['-pix_fmt', 'yuv420p'],
      ...source.video,
      ...['-c:a', 'aac', '-b:a', '128k', '-shortest', partial],
    ],
    { timeout: 20 * 60_000 },
  );
  await fs.rename(partial, out);
  return out;
}

type VideoRow = {
  video_state: string | null;
  video_progress: number;
  duration_ms: number | null;
  renditions: { ladder: { name: string }[] } | null;
};

async function videoRow(db: pg.Client, id: string): Promise<VideoRow | undefined> {
  const { rows } = await db.query<VideoRow>(
    'select video_state, video_progress, duration_ms, renditions from uploads where id = $1',
    [id],
  );
  return rows[0];
}

type Transcode = {
  uploadMs: number;
  /** From the upload's answer to the first `ready` (a playable rendition), in ms. */
  firstPlayableMs: number;
  firstPlayableProgress: number;
  /** From the upload's answer to ready at 100 %, in ms. */
  ladderMs: number;
  durationMs: number;
  rungs: string;
};

/** Uploads `file` and polls the row every 100 ms until its ladder is done (or it failed). */
async function transcode(
  url: string,
  access: string,
  db: pg.Client,
  file: string,
  source: Source,
): Promise<Transcode> {
  const size = (await fs.stat(file)).size;
  const [answer, uploadMs] = await timed(() =>
    uploadFile(url, access, file, size, { filename: source.filename, type: source.type }),
  );
  if (answer.status !== 201) {
    throw new Error(`Upload answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  const answeredAt = performance.now();
  const { id } = JSON.parse(answer.body) as { id: string };
  let firstPlayable: { ms: number; progress: number } | undefined;
  for (;;) {
    const row = await videoRow(db, id);
    const elapsed = performance.now() - answeredAt;
    if (!row) throw new Error(`Upload ${id} disappeared`);
    if (row.video_state === 'failed') throw new Error(`The ${source.label} transcode failed`);
    if (row.video_state === 'ready') {
      firstPlayable ??= { ms: elapsed, progress: row.video_progress };
      if (row.video_progress === 100) {
        return {
          uploadMs,
          firstPlayableMs: firstPlayable.ms,
          firstPlayableProgress: firstPlayable.progress,
          ladderMs: elapsed,
          durationMs: row.duration_ms ?? 0,
          rungs: (row.renditions?.ladder ?? []).map((rung) => rung.name).join(', '),
        };
      }
    }
    if (elapsed > TRANSCODE_TIMEOUT_MS) {
      throw new Error(`The ${source.label} transcode did not finish: ${JSON.stringify(row)}`);
    }
    await sleep(POLL_MS);
  }
}

function transcodeFigures(source: Source, size: number, t: Transcode): Figure[] {
  const label = `${source.label}: `;
  const speed = t.durationMs / t.ladderMs;
  return [
    {
      metric: `${label}upload`,
      value: t.uploadMs / 1000,
      unit: 's',
      digits: 2,
      note: `${(size / MiB).toFixed(0)} MiB, POST /api/uploads/ to its 201`,
    },
    {
      metric: `${label}time to first playable rendition`,
      value: t.firstPlayableMs / 1000,
      unit: 's',
      digits: 1,
      note: `from the upload's 201 to video_state ready (progress ${t.firstPlayableProgress}% then)`,
    },
    {
      metric: `${label}time to the whole ladder`,
      value: t.ladderMs / 1000,
      unit: 's',
      digits: 1,
      note: "from the upload's 201 to ready at 100%, poster included",
    },
    {
      metric: `${label}ladder speed`,
      value: speed,
      unit: '× real time',
      digits: 2,
      target: atLeast(speed, 1, '× real time'),
      note: `${(t.durationMs / 1000).toFixed(1)} s of video in ${(t.ladderMs / 1000).toFixed(1)} s`,
    },
    { metric: `${label}rungs`, value: t.rungs },
  ];
}

export const video: Benchmark = {
  name: 'video',
  title:
    'Video transcode of 60 s 1080p H.264 and HEVC uploads to the HLS ladder, and GET /api/posts/ beside a transcode',
  async run(context) {
    const duration = context.durationSeconds;
    // The same choice the server makes at start (it logs it at info level; the bench runs it
    // at warn, where request logs would not weigh on the feed load).
    const binaries = await resolveFfmpeg({
      ffmpegPath: process.env.FFMPEG_PATH || undefined,
      allowOutdated: process.env.FFMPEG_ALLOW_OUTDATED === 'true',
    });
    const files: string[] = [];
    let generateMs = 0;
    for (const source of SOURCES) {
      const [file, ms] = await timed(() => makeSource(binaries.ffmpeg, source));
      files.push(file);
      generateMs += ms;
    }
    const sizes = await Promise.all(files.map(async (file) => (await fs.stat(file)).size));

    const server = await startServer();
    const db = await connectDatabase(server.dataDir);
    try {
      const { url } = server;
      const creator = await signUp(url, 'video_creator');
      const viewer = await signUp(url, 'video_viewer');
      await db.query(
        `insert into posts (author_id, content, type, created_at)
         select $1, 'Post ' || g || ': a few words of a benchmark post', 'post',
                now() - g * interval '1 hour'
           from generate_series(1, $2::int) g`,
        [viewer.id, SEEDED_POSTS],
      );
      const feedUrl = `${url}/api/posts/?limit=20`;
      const feedHeaders = { authorization: `Bearer ${viewer.access}` };
      const posts = await api<unknown[]>(url, viewer.access, 'GET', '/api/posts/?limit=20');
      const feedLoad = () =>
        loadWithHeaders({
          url: feedUrl,
          headers: feedHeaders,
          connections: FEED_CONNECTIONS,
          durationSeconds: duration,
        });
      // A warm-up, not reported, then the feed with no transcode running.
      await loadWithHeaders({
        ...{ url: feedUrl, headers: feedHeaders },
        connections: 2,
        durationSeconds: 2,
      });
      const idle = await feedLoad();

      const figures: Figure[] = [];
      for (const [i, source] of SOURCES.entries()) {
        const t = await transcode(url, creator.access, db, files[i] ?? '', source);
        figures.push(...transcodeFigures(source, sizes[i] ?? 0, t));
      }

      // The HEVC source again, from another account (the same account would get its first
      // upload back), with the feed load beside its transcode; its end is not awaited.
      const hevc = SOURCES.findIndex((s) => s.label === 'HEVC');
      const hevcSource = SOURCES[hevc];
      if (!hevcSource) throw new Error('No HEVC source');
      const other = await signUp(url, 'video_creator_2');
      const size = sizes[hevc] ?? 0;
      const answer = await uploadFile(url, other.access, files[hevc] ?? '', size, hevcSource);
      if (answer.status !== 201) throw new Error(`Upload answered ${answer.status}`);
      const { id } = JSON.parse(answer.body) as { id: string };
      // The load starts once ffmpeg reports progress: the transcode is then really running.
      while (((await videoRow(db, id))?.video_progress ?? 0) < 1) await sleep(POLL_MS);
      const before = await videoRow(db, id);
      const busy = await feedLoad();
      const after = await videoRow(db, id);
      await api(url, other.access, 'DELETE', `/api/uploads/${id}/`);

      figures.push(
        ...loadFigures('feed, idle', idle),
        ...loadFigures('feed, HEVC transcode beside', busy),
        {
          metric: 'feed: p99 beside a transcode / idle',
          value: busy.latency.p99 / idle.latency.p99,
          unit: '×',
          digits: 2,
          note: `transcode progress ${before?.video_progress ?? '?'}% → ${after?.video_progress ?? '?'}% (${after?.video_state ?? '?'}) over the load`,
        },
      );
      return {
        name: this.name,
        title: this.title,
        setup: [
          `ffmpeg: the ${binaries.source} ffmpeg ${binaries.version} (${binaries.ffmpeg}), the one the server resolves in this environment`,
          ...SOURCES.map(
            (s, i) =>
              `${s.label} source: 60 s 1920x1080 30 fps, lavfi testsrc2, 440 Hz sine; ${s.describe}; ${((sizes[i] ?? 0) / MiB).toFixed(0)} MiB (${(((sizes[i] ?? 0) * 8) / SOURCE_SECONDS / 1e6).toFixed(1)} Mb/s overall)`,
          ),
          `sources cached in ${SOURCE_DIR}${generateMs > 1000 ? ` (made in this run, ${(generateMs / 1000).toFixed(0)} s)` : ' (from an earlier run)'}`,
          'one server (VIDEO_WORKERS default 1), local disk; each upload POST /api/uploads/ context=post_video, then the row polled in SQL every 100 ms; the H.264 source is repackaged as its own 1080p rung (first playable) and the lower rungs encoded after; the HEVC one gets its 360p rung first in a pass of its own (first playable), then the 720p and 1080p rungs and the MP4 in one more decode',
          `feed: GET /api/posts/?limit=20 as a signed-in user with ${SEEDED_POSTS} posts (${posts.length} per page), autocannon ${FEED_CONNECTIONS} connections, ${duration} s each, idle and then while a second HEVC upload (another account) transcodes`,
        ],
        figures,
      };
    } finally {
      await db.end().catch(() => undefined);
      await server.stop();
      await removeDataDir(server.dataDir);
    }
  },
};
