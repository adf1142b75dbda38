/**
 * What marking gated videos costs and how well it traces (issue 35): for synthetic 720p
 * videos (ffmpeg's moving test pattern with film grain, so the encoder has texture to spend bits
 * on), the time and bytes of the unmarked ladder and of its marked "B" variants, and the share of
 * recipients named from their own stream re-encoded at a third of its bitrate.
 *
 *   npx node bench/src/video-marking.ts [--videos 5] [--from 1] [--seconds 90] [--recipients 100] [--size 1280x720]
 *
 * `--size` is the synthetic source's: 1280x720 makes the 360p and 720p ladder; 640x360 makes its
 * one 360p rung, four times cheaper, for a run of many videos (a smaller picture holds the mark
 * less well, so its share named is the harder case).
 *
 * It runs the server's own functions (`video/transcode.ts`, `video/mark-pass.ts`,
 * `leak-trace/video-trace.ts`) on local files, without a server: the figures are the
 * pipeline's, not HTTP's. Synthetic pictures: real footage compresses differently.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { createLocalStorage } from '../../server/src/storage/local.ts';
import { ffmpegBinaries } from '../../server/src/video/ffmpeg-binary.ts';
import { planLadder, segmentsOf } from '../../server/src/video/ladder.ts';
import { cutTimes, encodeMarkedRung, markedRungName } from '../../server/src/video/mark-pass.ts';
import { probeVideo } from '../../server/src/video/probe.ts';
import { encodeLadder } from '../../server/src/video/transcode.ts';
import {
  bestRecipient,
  readVideoMarks,
  VIDEO_MAX_FALSE_MATCH,
} from '../../server/src/modules/leak-trace/video-trace.ts';
import { segmentVariantBit, videoMarkFrame } from '../../server/src/watermark/index.ts';
import type { UploadRow } from '../../server/src/db/schema/index.ts';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    videos: { type: 'string', default: '5' },
    // The first video's number (1-based): a long run can be taken up where an earlier one stopped,
    // with the same pictures, since each video's grain, hue and tone follow from its number.
    from: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '90' },
    recipients: { type: 'string', default: '100' },
    size: { type: 'string', default: '1280x720' },
  },
});
const VIDEOS = Number(values.videos);
const FIRST = Math.max(0, Number(values.from) - 1);
const SECONDS = Number(values.seconds);
const RECIPIENTS = Number(values.recipients);
const SIZE = /^\d{2,4}x\d{2,4}$/.test(values.size) ? values.size : '1280x720';
const key = Buffer.alloc(32, 42);
const limits = { memoryBytes: 4 * 1024 ** 3, cpuSeconds: 3600, fileBytes: 4 * 1024 ** 3 };
const sandbox = { account: undefined, limits };

/**
 * Video `v`'s grain, changing every frame (strength 12 to 16 in turn), and from the sixth video
 * on a hue turned by 17 degrees per five videos, so no two of a long run are the same picture.
 */
function grainOf(v: number): string {
  const grain = `noise=alls=${12 + (v % 5)}:allf=t`;
  return v < 5 ? grain : `${grain},hue=h=${Math.floor(v / 5) * 17}`;
}

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  return total;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const binaries = await ffmpegBinaries({ ffmpegPath: undefined, allowOutdated: true });
  const work = await mkdtemp(path.join(os.tmpdir(), 'zura-bench-video-'));
  const rows: {
    ladderS: number;
    markS: number;
    ladderMB: number;
    markMB: number;
    named: number;
    wrong: number;
    segments: number;
  }[] = [];
  try {
    for (let v = FIRST; v < VIDEOS; v++) {
      const dir = path.join(work, `v${v}`);
      await mkdir(dir, { recursive: true });
      const source = path.join(dir, 'source.mp4');
      await run(binaries.ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', `testsrc2=size=${SIZE}:rate=30:duration=${SECONDS},${grainOf(v)}`],
        ...['-f', 'lavfi', '-i', `sine=frequency=${300 + v * 50}:duration=${SECONDS}`],
        ...[
          '-c:v',
          'libx265',
          '-preset',
          'ultrafast',
          '-x265-params',
          'log-level=error',
          '-tag:v',
          'hvc1',
          '-c:a',
          'aac',
          source,
        ],
      ]);
      const probe = await probeVideo(binaries.ffprobe, source, {
        contentType: 'video/mp4',
        maxMs: 3_600_000,
        sandbox,
      });
      const out = path.join(dir, 'out');
      await mkdir(out, { recursive: true });
      const pass = {
        binaries,
        source,
        probe,
        outDir: out,
        stallMs: 600_000,
        sandbox,
        maxMs: 3_600_000,
        onProgress: () => undefined,
      };
      const rungs = planLadder(probe.width, probe.height);
      let started = performance.now();
      await encodeLadder({ ...pass, rungs, withMp4: true, withPoster: false });
      const ladderS = (performance.now() - started) / 1000;
      const ladderBytes = await bytesUnder(out);
      started = performance.now();
      for (const rung of rungs) {
        const cuts = cutTimes(await readFile(path.join(out, rung.name, 'index.m3u8'), 'utf8'));
        await encodeMarkedRung({
          ...pass,
          rung,
          markFrame: videoMarkFrame(rung.width, rung.height, key),
          cuts,
        });
      }
      const markS = (performance.now() - started) / 1000;
      let markBytes = 0;
      for (const rung of rungs)
        markBytes += await bytesUnder(path.join(out, markedRungName(rung.name)));
      // Each recipient's stream is the top rung's segments, A or B by their code; one of them
      // leaks it, re-encoded at a third of its bitrate, and the tracer reads it.
      const top = rungs.at(-1);
      if (!top) continue;
      const playlist = await readFile(path.join(out, top.name, 'index.m3u8'), 'utf8');
      const segments = segmentsOf(playlist);
      const leaker = 1 + ((v * 37) % RECIPIENTS);
      const stream = path.join(dir, 'stream');
      await mkdir(stream, { recursive: true });
      const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:5'];
      for (const [i, segment] of segments.entries()) {
        const from = segmentVariantBit(key, 'bench', leaker, i)
          ? markedRungName(top.name)
          : top.name;
        await writeFile(
          path.join(stream, segment.uri),
          await readFile(path.join(out, from, segment.uri)),
        );
        lines.push(`#EXTINF:${segment.seconds},`, segment.uri);
      }
      lines.push('#EXT-X-ENDLIST');
      await writeFile(path.join(stream, 'index.m3u8'), lines.join('\n'));
      const streamBytes = await bytesUnder(stream);
      const leak = path.join(dir, 'leak.mp4');
      await run(binaries.ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error', '-i', path.join(stream, 'index.m3u8')],
        ...[
          '-c:v',
          'libx264',
          '-b:v',
          String(Math.round((streamBytes * 8) / SECONDS / 3)),
          '-c:a',
          'aac',
          leak,
        ],
      ]);
      const storage = createLocalStorage(dir);
      const upload = {
        id: 'bench',
        renditions: {
          prefix: 'out/',
          master: 'out/master.m3u8',
          mp4: 'out/progressive.mp4',
          ladder: [
            {
              name: top.name,
              width: top.width,
              height: top.height,
              bandwidth: 0,
              playlist: `out/${top.name}/index.m3u8`,
            },
          ],
          marked: [top.name],
        },
      } as unknown as UploadRow;
      const reading = await readVideoMarks({
        storage,
        ffmpeg: binaries.ffmpeg,
        key,
        suspect: { file: leak, format: 'mp4', sandbox },
        upload,
        ownSandbox: sandbox,
      });
      const marks = Array.from({ length: RECIPIENTS }, (_, i) => ({ serial: i + 1 }));
      const best = reading && bestRecipient(key, 'bench', reading.bits, marks);
      const confident = best && !best.tied && best.falseMatchProbability < VIDEO_MAX_FALSE_MATCH;
      rows.push({
        ladderS,
        markS,
        ladderMB: ladderBytes / 1e6,
        markMB: markBytes / 1e6,
        named: confident && best.serial === leaker ? 1 : 0,
        wrong: confident && best.serial !== leaker ? 1 : 0,
        segments: segments.length,
      });
      console.log(
        `video ${v + 1}/${VIDEOS}: ladder ${ladderS.toFixed(1)} s, marked variants ${markS.toFixed(1)} s; ${(ladderBytes / 1e6).toFixed(1)} MB + ${(markBytes / 1e6).toFixed(1)} MB; leaker ${leaker} ${confident ? (best.serial === leaker ? 'named' : `WRONG (${best.serial})`) : 'not named'} (${best?.agreeing}/${best?.total}, p ${best?.falseMatchProbability.toExponential(1)})`,
      );
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const [width, height] = SIZE.split('x').map(Number);
  console.log(
    '\nVideo marking (%d videos of %d s, %s, ladder %s, %d recipients each)',
    rows.length,
    SECONDS,
    SIZE,
    planLadder(width ?? 1280, height ?? 720)
      .map((r) => r.name)
      .join('/'),
    RECIPIENTS,
  );
  console.table({
    'transcode, unmarked ladder + MP4 (s, median)': median(rows.map((r) => r.ladderS)).toFixed(1),
    'marked variants, every rung (s, median)': median(rows.map((r) => r.markS)).toFixed(1),
    'added transcode time': `${((sum((r) => r.markS) / sum((r) => r.ladderS)) * 100).toFixed(0)} %`,
    'storage, unmarked (MB, median)': median(rows.map((r) => r.ladderMB)).toFixed(1),
    'storage, marked variants (MB, median)': median(rows.map((r) => r.markMB)).toFixed(1),
    'added storage': `${((sum((r) => r.markMB) / sum((r) => r.ladderMB)) * 100).toFixed(0)} %`,
    'segments per video': median(rows.map((r) => r.segments)),
    'recipients named from a re-encode at 1/3 bitrate': `${sum((r) => r.named)} of ${rows.length} (goal: 95 %)`,
    'wrong recipients named': `${sum((r) => r.wrong)} (goal: 0)`,
  });
}

await main();
