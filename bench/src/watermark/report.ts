/** The watermark benchmark's four parts as printed tables and as figures for the summary. */
import type { TraceResult } from '../../../server/src/watermark/index.ts';
import type { Figure } from '../lib/report.ts';
import { DEGRADATIONS } from './degradations.ts';

const RECOVERY_GOAL = 0.95;
const PSNR_GOAL = 40;

/** 64-bit perceptual hashes as two 32-bit halves, for a fast Hamming distance over many pairs. */
export type Hash = [number, number];

export const halves = (hash: bigint): Hash => [
  Number(hash >> 32n) >>> 0,
  Number(hash & 0xffffffffn) >>> 0,
];

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

const distance = (a: Hash, b: Hash) => popcount(a[0] ^ b[0]) + popcount(a[1] ^ b[1]);
/** A copy's distance to an original as the tracer looks: the nearer of its central and whole hashes. */
const copyDistance = (copy: { hash: Hash; whole: Hash }, original: Hash) =>
  Math.min(distance(copy.hash, original), distance(copy.whole, original));

export type MarkedRecord = {
  width: number;
  height: number;
  payload: number;
  /** One per degradation, in the order of DEGRADATIONS. */
  traces: { result: TraceResult; hash: Hash; whole: Hash }[];
  otherKeys: TraceResult[];
  psnrMarked: number;
  ssimMarked: number;
  psnrPlain: number;
  ssimPlain: number;
  psnrMarkOnly: number;
  hash: Hash;
};

export type UnmarkedRecord = { width: number; height: number; result: TraceResult; hash: Hash };

export type Timing = { width: number; megapixels: number; embed: number[]; trace: number[] };

export type Part = { text: string; figures: Figure[] };

/** Nearest-rank percentile (0 < p <= 100). */
function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const mean = (samples: readonly number[]) =>
  samples.length === 0 ? Number.NaN : samples.reduce((sum, v) => sum + v, 0) / samples.length;

const min = (samples: readonly number[]) => samples.reduce((a, b) => Math.min(a, b), Infinity);
const max = (samples: readonly number[]) => samples.reduce((a, b) => Math.max(a, b), -Infinity);

export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** A plain-text table: the first column left-aligned, the others right-aligned. */
function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const sci = (p: number) => (p >= 0.01 ? p.toFixed(2) : p.toExponential(1));
const ms = (value: number) => value.toFixed(0);
const db = (value: number) => value.toFixed(2);

export function recoveryPart(marked: MarkedRecord[]): Part {
  const figures: Figure[] = [];
  const rows: string[][] = [];
  let wrongTotal = 0;
  DEGRADATIONS.forEach((degradation, d) => {
    const traces = marked.map((record) => ({ record, result: record.traces[d]!.result }));
    const correct = traces.filter(
      ({ record, result }) => result.found && result.payload === record.payload,
    ).length;
    const wrong = traces.filter(
      ({ record, result }) => result.found && result.payload !== record.payload,
    ).length;
    wrongTotal += wrong;
    const share = correct / traces.length;
    const bits = traces.map(({ result }) => result.bitsAgreeing);
    const p = traces.map(({ result }) => result.falseMatchProbability);
    const missed = groupBy(
      traces.filter(({ result }) => !result.found),
      ({ record }) => `${record.width}x${record.height}`,
    );
    rows.push([
      degradation.label,
      `${correct}/${traces.length}`,
      pct(share),
      String(wrong),
      String(traces.length - correct - wrong),
      mean(bits).toFixed(1),
      String(min(bits)),
      sci(percentile(p, 50)),
      sci(max(p)),
      share >= RECOVERY_GOAL && wrong === 0 ? 'yes' : 'NO',
      [...missed].map(([size, list]) => `${size}: ${list.length}`).join(', '),
    ]);
    figures.push({
      metric: `recovered: ${degradation.label}`,
      value: share * 100,
      unit: '%',
      target: { text: `>= ${RECOVERY_GOAL * 100}%`, met: share >= RECOVERY_GOAL },
      note: `${correct}/${traces.length}, ${wrong} wrong; mean bits ${mean(bits).toFixed(1)}/40; median p ${sci(percentile(p, 50))}`,
    });
  });
  figures.push({
    metric: 'wrong payloads (found, not the one embedded)',
    value: wrongTotal,
    digits: 0,
    target: { text: '0', met: wrongTotal === 0 },
    note: `over ${marked.length * DEGRADATIONS.length} traces`,
  });
  const headers = ['Degradation', 'Correct', 'Share', 'Wrong', 'Not found', 'Mean bits'];
  headers.push('Min bits', 'Median p', 'Max p', 'Goal', 'Not found, by size');
  const text = [
    `1. Recovery: ${marked.length} marked pictures, each its own payload, traced after each degradation (goal >= ${RECOVERY_GOAL * 100}% correct, 0 wrong)`,
    table(headers, rows),
    'bits: code bits (of 40) read with |z| >= 2; p: falseMatchProbability (found: CRC agrees and p < 1e-9)',
  ].join('\n');
  return { text, figures };
}

export function falseMatchPart(marked: MarkedRecord[], unmarked: UnmarkedRecord[]): Part {
  const other = marked.flatMap((record) => record.otherKeys);
  const row = (label: string, results: TraceResult[]) => {
    const found = results.filter((result) => result.found).length;
    const bits = results.map((result) => result.bitsAgreeing);
    return {
      found,
      cells: [
        label,
        String(results.length),
        `${found} (${pct(found / Math.max(1, results.length))})`,
        mean(bits).toFixed(2),
        String(max(bits)),
        sci(min(results.map((result) => result.falseMatchProbability))),
      ],
    };
  };
  const plain = row(
    'unmarked, JPEG q85, against its own original, the key',
    unmarked.map((record) => record.result),
  );
  const keys = row('marked (the served q90 copy), another key', other);
  const figure = (metric: string, found: number, total: number): Figure => ({
    metric,
    value: (found / Math.max(1, total)) * 100,
    unit: '%',
    digits: 2,
    target: { text: '0%', met: found === 0 },
    note: `${found}/${total}`,
  });
  return {
    text: [
      '2. False matches (goal: none found)',
      table(
        ['Traced', 'Traces', 'Found', 'Mean bits', 'Max bits', 'Min p'],
        [plain.cells, keys.cells],
      ),
      'under no mark each bit is about N(0, 1): 40 x P(|z| >= 2) = 1.8 strong bits expected',
    ].join('\n'),
    figures: [
      figure('unmarked pictures found marked', plain.found, unmarked.length),
      figure('marked pictures found with another key', keys.found, other.length),
    ],
  };
}

export function visualPart(marked: MarkedRecord[]): Part {
  const row = (label: string, values: number[], format: (v: number) => string) => [
    label,
    format(mean(values)),
    format(min(values)),
    format(percentile(values, 5)),
    format(percentile(values, 50)),
    format(max(values)),
  ];
  const of = (pick: (record: MarkedRecord) => number) => marked.map(pick);
  const ssimFormat = (v: number) => v.toFixed(4);
  const psnrMarked = of((r) => r.psnrMarked);
  const psnrPlain = of((r) => r.psnrPlain);
  const rows = [
    row('PSNR dB, marked copy (embedMark, q90)', psnrMarked, db),
    row('PSNR dB, plain re-encode at q90, no mark', psnrPlain, db),
    row(
      'PSNR dB, the mark alone (embedRgb, no JPEG)',
      of((r) => r.psnrMarkOnly),
      db,
    ),
    row(
      'SSIM, marked copy',
      of((r) => r.ssimMarked),
      ssimFormat,
    ),
    row(
      'SSIM, plain re-encode at q90',
      of((r) => r.ssimPlain),
      ssimFormat,
    ),
  ];
  const figure = (metric: string, value: number): Figure => ({
    metric,
    value,
    unit: 'dB',
    digits: 2,
    target: { text: `>= ${PSNR_GOAL} dB`, met: value >= PSNR_GOAL },
  });
  return {
    text: [
      `3. Visual cost over ${marked.length} pictures, each against the original as decodeRgb decodes it (goal: PSNR >= ${PSNR_GOAL} dB)`,
      table(['Measure', 'Mean', 'Min', 'p5', 'Median', 'Max'], rows),
    ].join('\n'),
    figures: [
      {
        ...figure('PSNR of the marked copy, mean', mean(psnrMarked)),
        note: `min ${db(min(psnrMarked))}; a plain q90 re-encode: mean ${db(mean(psnrPlain))}, min ${db(min(psnrPlain))}`,
      },
      figure('PSNR of the marked copy, p5', percentile(psnrMarked, 5)),
    ],
  };
}

export function timingPart(timings: Timing[], threads: number, perWidth: number): Part {
  const sorted = [...timings].sort((a, b) => a.width - b.width);
  const rows = sorted.map((t) => [
    `${t.width} wide (${t.megapixels.toFixed(2)} MP mean)`,
    String(t.embed.length),
    ms(percentile(t.embed, 50)),
    ms(percentile(t.embed, 95)),
    String(t.trace.length),
    ms(percentile(t.trace, 50)),
    ms(percentile(t.trace, 95)),
  ]);
  const headers = ['Size', 'Embeds', 'Embed p50 ms', 'Embed p95 ms', 'Traces', 'Trace p50 ms'];
  headers.push('Trace p95 ms');
  return {
    text: [
      `4. Time per picture on the pool, after the rest: up to ${perWidth} pictures per width embedded again and each of their ${DEGRADATIONS.length} copies traced (${threads} threads, ${threads} tasks at once, the benchmark otherwise idle; wall time of a task, the copy of its bytes to the thread included)`,
      table(headers, rows),
    ].join('\n'),
    figures: sorted.map((t) => ({
      metric: `${t.width} wide: embed / trace, median`,
      value: `${ms(percentile(t.embed, 50))} / ${ms(percentile(t.trace, 50))}`,
      unit: 'ms',
      note: `p95 ${ms(percentile(t.embed, 95))} / ${ms(percentile(t.trace, 95))} ms; ${t.embed.length} pictures; ${t.megapixels.toFixed(2)} MP`,
    })),
  };
}

/** The leak tracer's lookup (server/src/modules/leak-trace/service.ts): the 3 nearest uploads within 24 bits. */
const LOOKUP_CANDIDATES = 3;
const LOOKUP_MAX_DISTANCE = 24;

/**
 * Each degraded copy's hash distance to its own original and to the nearest other original,
 * and whether the tracer's lookup would try its own original: within 24 bits and among the 3
 * nearest of every original here (a tie counted against it).
 */
export function hashPart(marked: MarkedRecord[], unmarked: UnmarkedRecord[]): Part {
  const originals = [...marked, ...unmarked].map((record) => record.hash);
  let pairMin = Infinity;
  for (let i = 0; i < originals.length; i++)
    for (let j = i + 1; j < originals.length; j++)
      pairMin = Math.min(pairMin, distance(originals[i]!, originals[j]!));
  let farthestCopy = 0;
  const lookupFound: number[] = [];
  let nearestOther = Infinity;
  const rows = DEGRADATIONS.map((degradation, d) => {
    const own = marked.map((record) => copyDistance(record.traces[d]!, record.hash));
    let other = Infinity;
    let closer = 0;
    let found = 0;
    marked.forEach((record, i) => {
      const copy = record.traces[d]!;
      const mine = copyDistance(copy, record.hash);
      let nearest = Infinity;
      let ahead = 0;
      originals.forEach((hash, j) => {
        if (j === i) return;
        const theirs = copyDistance(copy, hash);
        nearest = Math.min(nearest, theirs);
        if (theirs <= mine) ahead++;
      });
      other = Math.min(other, nearest);
      if (nearest <= mine) closer++;
      if (mine <= LOOKUP_MAX_DISTANCE && ahead < LOOKUP_CANDIDATES) found++;
    });
    lookupFound.push(found);
    farthestCopy = Math.max(farthestCopy, max(own));
    nearestOther = Math.min(nearestOther, other);
    return [
      degradation.label,
      String(percentile(own, 50)),
      String(max(own)),
      String(other),
      `${closer} (${pct(closer / Math.max(1, marked.length))})`,
      `${found} (${pct(found / Math.max(1, marked.length))})`,
    ];
  });
  return {
    text: [
      `Perceptual hash (64 bits), which the tracer uses to find the upload: each degraded copy's distance to its own original, and to the nearest of the ${originals.length - 1} other originals (marked and unmarked)`,
      table(
        [
          'Degradation',
          'Own p50',
          'Own max',
          'Nearest other',
          'Another as near',
          'Lookup finds it',
        ],
        rows,
      ),
      `lookup: the tracer tries the ${LOOKUP_CANDIDATES} nearest uploads within ${LOOKUP_MAX_DISTANCE} bits (its own original within ${LOOKUP_MAX_DISTANCE} and fewer than ${LOOKUP_CANDIDATES} others as near)`,
      `originals among themselves: the nearest pair is ${pairMin} bits apart`,
    ].join('\n'),
    figures: [
      {
        metric: 'pHash: farthest copy / nearest other original',
        value: `${farthestCopy} / ${nearestOther}`,
        unit: 'bits',
        note: `of 64; nearest pair of originals ${pairMin}`,
      },
      ...DEGRADATIONS.map((degradation, d) => ({
        metric: `pHash lookup finds the original: ${degradation.label}`,
        value: (lookupFound[d]! / Math.max(1, marked.length)) * 100,
        unit: '%',
        note: `${lookupFound[d]}/${marked.length}; the ${LOOKUP_CANDIDATES} nearest within ${LOOKUP_MAX_DISTANCE} bits`,
      })),
    ],
  };
}
