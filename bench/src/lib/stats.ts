/** Small statistics helpers over samples in milliseconds. */

export type Summary = {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
};

/**
 * The p-th percentile (0 < p <= 100) of ascending `sorted` by the nearest-rank method: the
 * smallest sample such that at least p% of samples are less than or equal to it.
 */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    min: sorted[0] ?? Number.NaN,
    mean: sorted.length > 0 ? sum / sorted.length : Number.NaN,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export function median(samples: readonly number[]): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
}
