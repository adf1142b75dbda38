/** The figures of the `pages` benchmark: medians of rounds, ratios, targets, as tables. */
import type { Figure } from '../lib/report.ts';
import { median } from '../lib/stats.ts';
import type { Rounds, Sample } from './measure.ts';
import { PAGES, type PageKey } from './world.ts';

/** Each page's 2xx throughput against GET /api/'s on the same server, in the same round. */
const PAGE_RATIO_TARGET = 0.75;
const PAGE_P99_TARGET_MS = 50;
/** GET /api/ of the server against the bare Fastify route. */
const HEALTH_RATIO_TARGET = 0.5;

type PageRow = {
  key: PageKey;
  label: string;
  /** Medians over the rounds; undefined when the page is n/a on this checkout. */
  okPerSecond?: number;
  ratio?: number;
  p50?: number;
  p99?: number;
  /** Answers that were not 2xx (and errors, timeouts), summed over the rounds. */
  failed?: number;
  met?: boolean;
  why?: string;
};

export type CheckoutFigures = {
  name: string;
  rows: PageRow[];
  /** GET /api/ against the bare route: median of the rounds' ratios. */
  healthToBare?: number;
};

const failedOf = (sample: Sample) => sample.non2xx + sample.errors + sample.timeouts;

export function summarizeRounds(
  rounds: Rounds,
  checkouts: { name: string; why: (key: PageKey) => string | undefined }[],
): CheckoutFigures[] {
  return checkouts.map(({ name, why }) => {
    const samples = rounds.pages.get(name) ?? {};
    const health = samples.health ?? [];
    const rows = PAGES.map(({ key, label }): PageRow => {
      const own = samples[key];
      if (!own || own.length === 0) return { key, label, why: why(key) ?? 'not measured' };
      const ratios = own.map((sample, i) => sample.okPerSecond / (health[i]?.okPerSecond ?? NaN));
      const row: PageRow = {
        key,
        label,
        okPerSecond: median(own.map((sample) => sample.okPerSecond)),
        ratio: median(ratios),
        p50: median(own.map((sample) => sample.p50)),
        p99: median(own.map((sample) => sample.p99)),
        failed: own.reduce((sum, sample) => sum + failedOf(sample), 0),
      };
      row.met =
        (row.ratio ?? 0) >= PAGE_RATIO_TARGET &&
        (row.p99 ?? Infinity) < PAGE_P99_TARGET_MS &&
        row.failed === 0;
      return row;
    });
    const toBare = health.map(
      (sample, i) => sample.okPerSecond / (rounds.bare[i]?.okPerSecond ?? NaN),
    );
    return { name, rows, ...(toBare.length > 0 ? { healthToBare: median(toBare) } : {}) };
  });
}

const fixed = (value: number | undefined, digits: number) =>
  value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(digits);
const passOrMiss = (met: boolean | undefined) =>
  met === undefined ? 'n/a' : met ? 'pass' : 'miss';

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function checkoutTable(figures: CheckoutFigures, bareRps: number): string {
  const rows = figures.rows.map((row) => [
    row.label,
    fixed(row.okPerSecond, 0),
    fixed(row.ratio, 2),
    fixed(row.p50, 2),
    fixed(row.p99, 2),
    row.failed === undefined ? 'n/a' : String(row.failed),
    passOrMiss(row.met),
  ]);
  const health = figures.rows.find((row) => row.key === 'health');
  const healthMet =
    figures.healthToBare === undefined ? undefined : figures.healthToBare >= HEALTH_RATIO_TARGET;
  const lines = [
    table(['page', 'req/s', 'ratio to GET /api/', 'p50 ms', 'p99 ms', 'non-2xx', 'target'], rows),
    '',
    `GET /api/ against the bare Fastify route: ${fixed(health?.okPerSecond, 0)} / ${fixed(bareRps, 0)} req/s = ${fixed(figures.healthToBare, 2)} (target >= ${HEALTH_RATIO_TARGET}: ${passOrMiss(healthMet)})`,
  ];
  for (const row of figures.rows) if (row.why) lines.push(`n/a: ${row.label}: ${row.why}`);
  return lines.join('\n');
}

/** Change against landed: each page's ratio to GET /api/ on each, and how they compare. */
export function sideBySide(change: CheckoutFigures, landed: CheckoutFigures): string {
  const rows = change.rows.map((row, i) => {
    const other = landed.rows[i];
    const relative =
      row.ratio !== undefined && other?.ratio !== undefined ? row.ratio / other.ratio : undefined;
    return [
      row.label,
      fixed(row.ratio, 2),
      fixed(other?.ratio, 2),
      fixed(relative, 2),
      fixed(row.okPerSecond, 0),
      fixed(other?.okPerSecond, 0),
    ];
  });
  rows.push([
    'GET /api/ to bare route',
    fixed(change.healthToBare, 2),
    fixed(landed.healthToBare, 2),
    fixed(
      change.healthToBare !== undefined && landed.healthToBare !== undefined
        ? change.healthToBare / landed.healthToBare
        : undefined,
      2,
    ),
    '',
    '',
  ]);
  return table(
    [
      'page',
      `ratio ${change.name}`,
      `ratio ${landed.name}`,
      `${change.name}/${landed.name}`,
      `req/s ${change.name}`,
      `req/s ${landed.name}`,
    ],
    rows,
  );
}

/** The same figures for bench/src/run.ts's report and its summary of targets. */
export function figuresOf(all: CheckoutFigures[]): Figure[] {
  const figures: Figure[] = [];
  for (const checkout of all) {
    const prefix = all.length > 1 ? `${checkout.name}: ` : '';
    for (const row of checkout.rows) {
      if (row.ratio === undefined) {
        figures.push({ metric: `${prefix}${row.label}`, value: 'n/a', note: row.why ?? '' });
        continue;
      }
      const note = `${fixed(row.okPerSecond, 0)} req/s, p50 ${fixed(row.p50, 2)} ms, p99 ${fixed(row.p99, 2)} ms, ${row.failed} not 2xx`;
      figures.push({
        metric: `${prefix}${row.label}: ratio to GET /api/`,
        value: row.ratio,
        digits: 2,
        target: {
          text: `>= ${PAGE_RATIO_TARGET}, p99 < ${PAGE_P99_TARGET_MS} ms, all 2xx`,
          met: row.met ?? false,
        },
        note,
      });
    }
    if (checkout.healthToBare !== undefined) {
      figures.push({
        metric: `${prefix}GET /api/ to the bare route`,
        value: checkout.healthToBare,
        digits: 2,
        target: {
          text: `>= ${HEALTH_RATIO_TARGET}`,
          met: checkout.healthToBare >= HEALTH_RATIO_TARGET,
        },
      });
    }
  }
  return figures;
}
