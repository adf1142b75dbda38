import { LEAK_TRACE_MAX_BYTES } from '@zura/contracts';

/**
 * The floor a shown chance never goes under: the tracer names an account only below a chance of
 * 1e-9, and its confidence, 1 minus that chance, is then 1 in floating point. Shown, it stays
 * under 100% by this much, so a percentage never claims a certainty no reading has.
 */
const LEAST_SHOWN_CHANCE = 1e-10;

/**
 * The confidence as a percentage with enough digits to say how close to sure it is: "99.9999999%"
 * for a named account (truncated, never rounded up to 100%), "72.5%" for a weak reading.
 */
export function formatConfidence(confidence: number, locale: string): string {
  const shown = Math.min(Math.max(confidence, 0), 1 - LEAST_SHOWN_CHANCE);
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 7,
    roundingMode: 'trunc',
  }).format(shown);
}

/** A chance of a false match as a power of ten with one digit: "8e-57", "3e-12"; "0" for none. */
export function formatChance(probability: number): string {
  if (!(probability > 0)) return '0';
  if (probability >= 0.001) return String(Number(probability.toPrecision(1)));
  return probability.toExponential(0);
}

/** The largest file the tracer reads, in MB (25). */
export const MAX_MEGABYTES = LEAK_TRACE_MAX_BYTES / 1024 ** 2;

/** The image types the tracer reads (the server checks the bytes too). */
export const TRACEABLE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * Why a chosen file cannot be traced before it is sent, if it cannot. A file the browser gives no
 * type (some systems) goes to the server, which reads its bytes.
 */
export function fileProblem(file: File): 'notAnImage' | 'tooLarge' | undefined {
  if (file.type !== '' && !(TRACEABLE_TYPES as readonly string[]).includes(file.type))
    return 'notAnImage';
  if (file.size > LEAK_TRACE_MAX_BYTES) return 'tooLarge';
  return undefined;
}
