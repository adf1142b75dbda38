import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import type { UploadRow, VideoRung } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recipientFolder } from '../media/index.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import type { FfmpegBinaries } from '../../video/ffmpeg-binary.ts';
import { lumaFramesPerSecond } from '../../video/frames.ts';
import { segmentsOf } from '../../video/ladder.ts';
import { cutTimes } from '../../video/mark-pass.ts';
import { probeVideo, UnreadableVideoError } from '../../video/probe.ts';
import { accountFor, type Sandbox } from '../../video/sandbox.ts';
import { binomialTail, segmentVariantBit, videoMarkFrame } from '../../watermark/index.ts';
import { NOT_TRACEABLE_MESSAGE } from './image-trace.ts';
import type { Match } from './match.ts';
import * as repo from './repo.ts';

/**
 * Where a marked segment's z stands at least when nothing else tells: an unmarked segment's
 * difference from the stored one is re-encoding noise, which the content's texture and the
 * blocks a re-encode carries over from a marked segment before correlate a little with the mark
 * (z up to about 80 at four frames a second); a marked one's stands in the hundreds.
 */
const Z_MARKED = 100;
/**
 * A marked group below this mean is no group: unmarked segments read within a few units of zero
 * (a 360p picture with heavy grain, re-encoded at a third of its bitrate, reads its marked ones
 * at 23 to 38).
 */
const Z_MARKED_FLOOR = 10;
/** How many pooled standard deviations apart two groups' means must be to be two groups. */
const SEPARATION = 4;

const mean = (values: readonly number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
const variance = (values: readonly number[]) => {
  const m = mean(values);
  return mean(values.map((value) => (value - m) ** 2));
};

/**
 * The z above which a segment reads as marked. The segments are split in two groups where their
 * means meet (the two-class split of Otsu's and k-means' iteration); when the groups stand
 * `SEPARATION` pooled standard deviations apart, the marked one above `Z_MARKED_FLOOR`, the line
 * is drawn at 30% of the marked group's median (the first segment and those after a cut read
 * weaker than the rest, the unmarked ones stay near zero). How high the marked group stands
 * depends on the picture and the re-encode (25 to 40 for a noisy 360p source at a third of its
 * bitrate, 60 to 120 at 720p, hundreds for a cleaner one), so the groups' separation decides, not a level.
 * Otherwise, a stream of one variant only, the fixed `Z_MARKED`. A wrong split only makes bits
 * that agree with no code, which names nobody.
 */
export function markedThreshold(z: readonly number[]): number {
  let threshold = (Math.min(...z) + Math.max(...z)) / 2;
  for (let round = 0; round < 20; round++) {
    const high = z.filter((value) => value > threshold);
    const low = z.filter((value) => value <= threshold);
    if (high.length === 0 || low.length === 0) break;
    const next = (mean(high) + mean(low)) / 2;
    if (Math.abs(next - threshold) < 1e-6) break;
    threshold = next;
  }
  const high = z.filter((value) => value > threshold).sort((a, b) => a - b);
  const low = z.filter((value) => value <= threshold);
  const spread = Math.sqrt((variance(high) + variance(low)) / 2);
  const split =
    high.length > 0 &&
    low.length > 0 &&
    mean(high) > Z_MARKED_FLOOR &&
    mean(high) - mean(low) > SEPARATION * spread;
  if (!split) return Z_MARKED;
  const median = high[Math.floor(high.length / 2)] ?? 0;
  return 0.3 * median;
}
/** Above this chance, a video trace names nobody: fewer bits than an image, so a looser bar. */
export const VIDEO_MAX_FALSE_MATCH = 1e-4;
/** Frames read a second: a 4-second segment gives about 11 past the cut's margins. */
const FRAMES_PER_SECOND = 4;
/** Frames this soon after a cut, or this near the next one, are left out of the reading. */
const AFTER_CUT_SECONDS = 1;
const NEAR_CUT_SECONDS = 0.3;
/** The longest stretch of a suspect video read: an hour. */
const MAX_SECONDS = 3600;

type VideoReading = {
  rung: string;
  /** Per segment: whether it read as the marked variant. */
  bits: (0 | 1)[];
};

/** Where the rung's playlist and segments are, copied to a local folder ffmpeg reads. */
async function localRung(storage: MediaStorage, rung: VideoRung, dir: string) {
  const playlist = (await storage.readBuffer(rung.playlist)).toString('utf8');
  const folder = rung.playlist.slice(0, rung.playlist.lastIndexOf('/') + 1);
  for (const segment of segmentsOf(playlist))
    await writeFile(
      path.join(dir, segment.uri),
      await storage.readBuffer(`${folder}${segment.uri}`),
    );
  await writeFile(path.join(dir, 'index.m3u8'), playlist);
  return {
    file: path.join(dir, 'index.m3u8'),
    cuts: cutTimes(playlist),
    count: segmentsOf(playlist).length,
  };
}

/**
 * Reads which segments of a suspected copy are the marked variant, rung by rung (largest
 * first: what most viewers watch): the suspect and the unmarked rung decoded at four frames a
 * second at the rung's size, their difference correlated with the rung's mark frame, each
 * segment's sum self-normalised into a z (about N(0, 1) where there is no mark). The rung whose
 * segments read most clearly wins.
 */
export async function readVideoMarks(deps: {
  storage: MediaStorage;
  ffmpeg: string;
  key: Buffer;
  suspect: { file: string; format: string; sandbox: Sandbox };
  upload: UploadRow;
  ownSandbox: Sandbox;
}): Promise<VideoReading | undefined> {
  const ladder = [...(deps.upload.renditions?.ladder ?? [])].sort((a, b) => b.height - a.height);
  let best: { reading: VideoReading; clarity: number } | undefined;
  for (const rung of ladder) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zura-trace-'));
    try {
      // The unmarked variant a recipient got: a repackaged rung's remade twin (`remade`).
      const folder = rung.playlist.slice(0, rung.playlist.lastIndexOf('/'));
      const renditions = deps.upload.renditions;
      const plainFolder = renditions
        ? recipientFolder(renditions, rung.name, folder, false)
        : folder;
      const own = await localRung(
        deps.storage,
        { ...rung, playlist: `${plainFolder}${rung.playlist.slice(folder.length)}` },
        dir,
      );
      const mark = videoMarkFrame(rung.width, rung.height, deps.key);
      const size = rung.width * rung.height;
      const sum = new Float64Array(own.count);
      const squares = new Float64Array(own.count);
      const frames = (input: string, format: string, sandbox: Sandbox) =>
        lumaFramesPerSecond({
          perSecond: FRAMES_PER_SECOND,
          ffmpeg: deps.ffmpeg,
          input,
          format,
          width: rung.width,
          height: rung.height,
          sandbox,
          maxSeconds: MAX_SECONDS,
        });
      const suspect = frames(deps.suspect.file, deps.suspect.format, deps.suspect.sandbox);
      const plain = frames(own.file, 'hls', deps.ownSandbox);
      let frame = 0;
      let segment = 0;
      for (;;) {
        const [s, a] = await Promise.all([suspect.next(), plain.next()]);
        if (s.done || a.done) break;
        const at = (frame + 0.5) / FRAMES_PER_SECOND;
        frame++;
        while (segment < own.cuts.length && at >= (own.cuts[segment] ?? Infinity)) segment++;
        // Just after a cut, a re-encode still carries blocks predicted from the segment before
        // (the other variant, maybe), and the very first second reads weakly too; just before a
        // cut, a frame may be either segment's: all are left out.
        const since = at - (segment > 0 ? (own.cuts[segment - 1] ?? 0) : 0);
        const until = (own.cuts[segment] ?? Infinity) - at;
        if (since < AFTER_CUT_SECONDS || until < NEAR_CUT_SECONDS) continue;
        for (let i = 0; i < size; i++) {
          const chip = (s.value[i]! - a.value[i]!) * (mark[i]! - 128);
          sum[segment]! += chip;
          squares[segment]! += chip * chip;
        }
      }
      await Promise.all([suspect.return(undefined), plain.return(undefined)]);
      const z = [...sum].map((value, i) => (squares[i]! > 0 ? value / Math.sqrt(squares[i]!) : 0));
      const threshold = markedThreshold(z);
      const bits = z.map((value) => (value > threshold ? 1 : 0) as 0 | 1);
      // How far the segments stand from the threshold: a wrong rung reads all near it.
      const clarity = z.reduce((total, value) => total + Math.abs(value - threshold), 0);
      if (!best || clarity > best.clarity) best = { reading: { rung: rung.name, bits }, clarity };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return best?.reading;
}

/**
 * The recipient whose keyed code matches the bits read best, and the chance that a random code
 * of that many recipients matches as well (none named past `VIDEO_MAX_FALSE_MATCH`).
 */
export function bestRecipient(
  key: Buffer,
  uploadId: string,
  bits: (0 | 1)[],
  marks: { serial: number }[],
) {
  let best: { serial: number; agreeing: number } | undefined;
  let tied = false;
  for (const mark of marks) {
    let agreeing = 0;
    bits.forEach((bit, i) => {
      if (segmentVariantBit(key, uploadId, mark.serial, i) === bit) agreeing++;
    });
    if (!best || agreeing > best.agreeing) {
      best = { serial: mark.serial, agreeing };
      tied = false;
    } else if (agreeing === best.agreeing) tied = true;
  }
  if (!best) return undefined;
  const falseMatchProbability = Math.min(
    1,
    marks.length * binomialTail(bits.length, best.agreeing, 0.5),
  );
  return { ...best, tied, falseMatchProbability, total: bits.length };
}

type VideoDeps = {
  db: Database;
  storage: MediaStorage;
  key: Buffer;
  binaries: () => Promise<FfmpegBinaries>;
  ffmpegMemoryBytes: number;
};

/** A suspect video that ffmpeg cannot read as one. */
const NOT_A_VIDEO_MESSAGE = 'This video cannot be read: it may be damaged or incomplete.';

/**
 * A suspected copy of a gated video: probed and decoded under the sandbox as any upload is,
 * matched to the marked videos in reach of about its length, each segment read as the marked
 * variant or not, and the recipient whose keyed code agrees best named when a random code would
 * agree as well with a chance under `VIDEO_MAX_FALSE_MATCH`.
 */
export async function traceVideo(
  deps: VideoDeps,
  ownerId: number | undefined,
  file: string,
  contentType: string,
): Promise<Match | undefined> {
  const binaries = await deps.binaries().catch(() => {
    throw new AppError(415, 'unsupported_media_type', NOT_TRACEABLE_MESSAGE);
  });
  const account = await accountFor(file);
  const limits = {
    memoryBytes: deps.ffmpegMemoryBytes,
    cpuSeconds: 600,
    fileBytes: 1024 * 1024,
  };
  const sandbox: Sandbox = { account, limits };
  const probe = await probeVideo(binaries.ffprobe, file, {
    contentType,
    maxMs: MAX_SECONDS * 1000,
    sandbox,
  }).catch((error: unknown) => {
    if (error instanceof UnreadableVideoError)
      throw new AppError(415, 'unsupported_media_type', NOT_A_VIDEO_MESSAGE);
    throw error;
  });
  let best: Match | undefined;
  const found = await repo.videoCandidates(deps.db, ownerId, probe.durationMs, 3);
  for (const upload of found) {
    const reading = await readVideoMarks({
      storage: deps.storage,
      ffmpeg: binaries.ffmpeg,
      key: deps.key,
      suspect: { file, format: probe.format, sandbox },
      upload,
      ownSandbox: { account: undefined, limits },
    });
    if (!reading) continue;
    const marks = await repo.marksOfUpload(deps.db, upload.id);
    const named = bestRecipient(deps.key, upload.id, reading.bits, marks);
    if (!named) continue;
    if (best && named.falseMatchProbability >= best.falseMatchProbability) continue;
    best = {
      uploadId: upload.id,
      variant: reading.rung,
      bitsAgreeing: named.agreeing,
      bitsTotal: named.total,
      falseMatchProbability: named.falseMatchProbability,
      hashDistance: null,
      serial:
        !named.tied && named.falseMatchProbability < VIDEO_MAX_FALSE_MATCH
          ? named.serial
          : undefined,
    };
  }
  return best;
}
