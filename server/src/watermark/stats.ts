/** log of the binomial tail P(X >= k), X ~ Binomial(n, p), summed in log space so tiny values survive. */
export function binomialTail(n: number, k: number, p: number): number {
  if (k <= 0) return 1;
  let total = 0;
  for (let i = k; i <= n; i++)
    total += Math.exp(logChoose(n, i) + i * Math.log(p) + (n - i) * Math.log(1 - p));
  return Math.min(1, total);
}

function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 1; i <= k; i++) sum += Math.log(n - k + i) - Math.log(i);
  return sum;
}

/** P(|Z| >= z) for a standard normal (Abramowitz-Stegun 7.1.26 erfc). */
export function twoSidedNormalTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return poly * Math.exp(-x * x);
}
