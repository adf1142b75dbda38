/**
 * The invisible per-recipient watermark (issue 35, `server/src/watermark/`): how often the
 * tracer reads the right payload back after the degradations a leaked copy goes through, how
 * often it finds a mark where there is none, what the mark costs the picture, and how long
 * marking and tracing take.
 *
 *   npx node bench/src/run.ts watermark [--watermark-images 200] [--watermark-unmarked 1000]
 *
 * (or BENCH_WATERMARK_IMAGES / BENCH_WATERMARK_UNMARKED; BENCH_WATERMARK_OTHER_KEYS, default
 * 300, and BENCH_WATERMARK_SEED). Minutes, so not in the "all" group. Targets are reported as
 * met or missed, never as a failure.
 *
 * The pictures are SYNTHETIC (there is no network here and no photo set in the repository):
 * photo-like pictures made with sharp from a seeded generator, so a run is repeatable
 * (`watermark/pictures.ts`). Real photographs have other detail, and more flat and clipped
 * areas: the figures are the engine on such pictures, not a promise for every photograph.
 *
 * Marking and tracing run on the engine's own worker pool (`createMarkingEngine`) with one
 * thread per core, while this thread makes the pictures and the degraded copies.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import sharp from 'sharp';
import {
  createMarkingEngine,
  decodeRgb,
  embedRgb,
  encodeJpeg,
  perceptualHash,
  psnr,
  ssim,
  type MarkingEngine,
} from '../../server/src/watermark/index.ts';
import type { Benchmark } from './lib/benchmark.ts';
import { DEGRADATIONS } from './watermark/degradations.ts';
import { makePicture, streamOf } from './watermark/pictures.ts';
import {
  falseMatchPart,
  groupBy,
  halves,
  hashPart,
  mean,
  recoveryPart,
  timingPart,
  visualPart,
  type MarkedRecord,
  type Timing,
  type UnmarkedRecord,
} from './watermark/report.ts';

function fromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number >= 1`);
  return n;
}

/** Sizes of the run; bench/src/run.ts sets them from --watermark-images / --watermark-unmarked. */
export const watermarkSettings = {
  /** Marked pictures, each with its own payload, each degraded every way. */
  images: fromEnv('BENCH_WATERMARK_IMAGES', 200),
  /** Unmarked pictures traced against their own original (false matches). */
  unmarked: fromEnv('BENCH_WATERMARK_UNMARKED', 1000),
  /** Traces of marked pictures with a key that is not theirs, spread over the pictures. */
  otherKeys: fromEnv('BENCH_WATERMARK_OTHER_KEYS', 300),
  seed: fromEnv('BENCH_WATERMARK_SEED', 35),
};

/** Pictures per width timed on their own after the rest (an embed, and a trace of each copy). */
const TIMING_SAMPLES = 12;

const KEY = createHash('sha256').update('zura bench watermark key').digest();

/* ------------------------------------------------------------------ the pool */

/** At most `limit` tasks on the pool at once: the rest wait here, in order. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  // A freed slot goes straight to the next waiter, so nobody overtakes it.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    await acquire();
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/** Runs `work` over 0..count-1 with `parallel` in flight, logging progress now and then. */
async function forEachIndex(
  count: number,
  parallel: number,
  label: string,
  work: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let done = 0;
  const started = performance.now();
  const step = Math.max(1, Math.round(count / 10));
  const lane = async () => {
    while (next < count) {
      const index = next++;
      await work(index);
      done++;
      if (done % step === 0 || done === count) {
        const seconds = (performance.now() - started) / 1000;
        console.error(`watermark: ${label} ${done}/${count} (${seconds.toFixed(0)} s)`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, lane));
}

/* ------------------------------------------------------------------ one picture */

type Pool = ReturnType<typeof limiter>;

/** A picture kept for the timing phase: its original and its degraded copies. */
type Sample = {
  width: number;
  height: number;
  original: Buffer;
  payload: number;
  copies: Buffer[];
};

async function markedPicture(
  index: number,
  engine: MarkingEngine,
  pool: Pool,
  otherKeyTraces: number,
  keepSample: (width: number) => boolean,
): Promise<{ record: MarkedRecord; sample?: Sample }> {
  const { seed } = watermarkSettings;
  const picture = await makePicture(seed, 'marked', index);
  const payload = Math.floor(streamOf(seed, 'payload', index)() * 2 ** 32) >>> 0;
  const marked = await pool(() => engine.embed(picture.bytes, payload, KEY));
  const { width, height } = picture;
  const traces = Promise.all(
    DEGRADATIONS.map(async (degradation) => {
      const copy = await degradation.apply(marked, width, height);
      const [result, hash, whole] = await Promise.all([
        pool(() => engine.trace(copy, picture.bytes, KEY)),
        perceptualHash(copy),
        perceptualHash(copy, { whole: true }),
      ]);
      return { result, hash: halves(hash), whole: halves(whole), copy };
    }),
  );
  const otherKeys = Promise.all(
    Array.from({ length: otherKeyTraces }, (_, k) => {
      const key = createHash('sha256').update(`another key ${index} ${k}`).digest();
      return pool(() => engine.trace(marked, picture.bytes, key));
    }),
  );
  // Meanwhile, the visual cost, here on this thread.
  const original = await decodeRgb(picture.bytes);
  const markedRgb = await decodeRgb(marked);
  const plain = await decodeRgb(await encodeJpeg(original, 90));
  const markOnly = embedRgb(original, payload, KEY);
  const record: MarkedRecord = {
    width,
    height,
    payload,
    psnrMarked: psnr(markedRgb, original),
    ssimMarked: ssim(markedRgb, original),
    psnrPlain: psnr(plain, original),
    ssimPlain: ssim(plain, original),
    psnrMarkOnly: psnr(markOnly, original),
    hash: halves(await perceptualHash(picture.bytes)),
    traces: (await traces).map(({ result, hash, whole }) => ({ result, hash, whole })),
    otherKeys: await otherKeys,
  };
  if (!keepSample(width)) return { record };
  const copies = (await traces).map(({ copy }) => copy);
  return { record, sample: { width, height, original: picture.bytes, payload, copies } };
}

async function unmarkedPicture(index: number, engine: MarkingEngine, pool: Pool) {
  const picture = await makePicture(watermarkSettings.seed, 'unmarked', index);
  const copy = await sharp(picture.bytes).jpeg({ quality: 85 }).toBuffer();
  const [result, hash] = await Promise.all([
    pool(() => engine.trace(copy, picture.bytes, KEY)),
    perceptualHash(picture.bytes),
  ]);
  return { width: picture.width, height: picture.height, result, hash: halves(hash) };
}

/**
 * Timings on their own: this thread idle, `threads` tasks at once, so a task's wall time is
 * its own work (and the copy of its bytes to the thread), not a queue's or this thread's.
 */
async function timeSamples(samples: Sample[], engine: MarkingEngine, pool: Pool) {
  // Timed from when the task leaves the limiter's queue to its answer.
  const timed = (task: () => Promise<unknown>) =>
    pool(async () => {
      const start = performance.now();
      await task();
      return performance.now() - start;
    });
  const timings: Timing[] = [];
  for (const [width, group] of groupBy(samples, (sample) => String(sample.width))) {
    const embed = await Promise.all(
      group.map((sample) => timed(() => engine.embed(sample.original, sample.payload, KEY))),
    );
    const trace = await Promise.all(
      group.flatMap((sample) =>
        sample.copies.map((copy) => timed(() => engine.trace(copy, sample.original, KEY))),
      ),
    );
    const megapixels = mean(group.map((sample) => (sample.width * sample.height) / 1e6));
    timings.push({ width: Number(width), megapixels, embed, trace });
  }
  return timings;
}

/* ------------------------------------------------------------------ the benchmark */

export const watermark: Benchmark = {
  name: 'watermark',
  title: 'Invisible watermark: recovery after degradations, false matches, visual cost, time',
  async run() {
    const { images, unmarked: unmarkedCount, otherKeys, seed } = watermarkSettings;
    const threads = os.availableParallelism();
    const engine = createMarkingEngine({ threads });
    const pool = limiter(threads);
    const marked: MarkedRecord[] = [];
    const unmarked: UnmarkedRecord[] = [];
    const samples: Sample[] = [];
    const kept = new Map<number, number>();
    const keepSample = (width: number) => {
      const count = kept.get(width) ?? 0;
      kept.set(width, count + 1);
      return count < TIMING_SAMPLES;
    };
    let timings: Timing[] | undefined;
    const started = performance.now();
    try {
      // Every thread started (and its modules loaded) before anything is timed.
      const warm = (await makePicture(seed, 'warm-up', 0)).bytes;
      await Promise.all(Array.from({ length: threads * 2 }, () => engine.trace(warm, warm, KEY)));
      // Enough pictures in flight that the pool always has work while this thread makes more.
      await forEachIndex(images, threads + 2, 'marked', async (index) => {
        const share =
          Math.floor(((index + 1) * otherKeys) / images) - Math.floor((index * otherKeys) / images);
        const { record, sample } = await markedPicture(index, engine, pool, share, keepSample);
        marked[index] = record;
        if (sample) samples.push(sample);
      });
      await forEachIndex(unmarkedCount, threads * 2, 'unmarked', async (index) => {
        unmarked[index] = await unmarkedPicture(index, engine, pool);
      });
      console.error(`watermark: timing ${samples.length} pictures on their own`);
      timings = await timeSamples(samples, engine, pool);
    } finally {
      await engine.close();
    }
    const minutes = (performance.now() - started) / 60_000;

    const parts = [
      recoveryPart(marked),
      falseMatchPart(marked, unmarked),
      visualPart(marked),
      timingPart(timings ?? [], threads, TIMING_SAMPLES),
      hashPart(marked, unmarked),
    ];
    console.log(`${parts.map((part) => part.text).join('\n\n')}\n`);
    const sizes = [...groupBy([...marked, ...unmarked], (r) => `${r.width}x${r.height}`)]
      .sort((a, b) => b[1].length - a[1].length)
      .map(([size, list]) => `${size} ${list.length}`)
      .join(', ');
    return {
      name: this.name,
      title: this.title,
      setup: [
        `${marked.length} marked and ${unmarked.length} unmarked SYNTHETIC photo-like pictures (seed ${seed}; JPEG q92): ${sizes}`,
        `one random 32-bit payload per marked picture, one key; ${otherKeys} traces of marked pictures with other keys`,
        `degradations of the served copy (embedMark: JPEG q90): ${DEGRADATIONS.map((d) => d.label).join('; ')}`,
        'screenshot: resized to 90% (cubic) then that to 125% (linear), on a page, captured as PNG, cropped to the picture, JPEG q85',
        `createMarkingEngine, ${threads} threads, ${threads} tasks at once; ${minutes.toFixed(1)} min in all`,
      ],
      figures: parts.flatMap((part) => part.figures),
    };
  },
};
