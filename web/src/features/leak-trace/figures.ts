import { LEAK_TRACE_MAX_BYTES, LEAK_TRACE_MAX_IMAGE_BYTES } from '@zura/contracts';

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

/** The largest image the tracer reads, in MB (25). */
export const MAX_IMAGE_MEGABYTES = LEAK_TRACE_MAX_IMAGE_BYTES / 1024 ** 2;

/** The largest video (and the largest file of any kind) the tracer reads, in GB (1). */
export const MAX_VIDEO_GIGABYTES = LEAK_TRACE_MAX_BYTES / 1024 ** 3;

/** The image types the tracer reads (the server checks the bytes too). */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** The video types the tracer reads: MP4, MOV, WebM and Matroska. */
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'] as const;

/** Every type the tracer reads. */
export const TRACEABLE_TYPES = [...IMAGE_TYPES, ...VIDEO_TYPES] as const;

/** What a suspected copy is: an image (read by its code bits) or a video (by its segments). */
export type TraceKind = 'image' | 'video';

/** Extensions that name a kind when the browser gives a file no type (some systems, e.g. MKV). */
const KIND_BY_EXTENSION: Record<string, TraceKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  webp: 'image',
  gif: 'image',
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
  webm: 'video',
  mkv: 'video',
};

/**
 * Whether a file is an image or a video the tracer reads: by its type, else (no type given) by its
 * name's extension; undefined for anything else.
 */
export function traceKind(file: File): TraceKind | undefined {
  if ((IMAGE_TYPES as readonly string[]).includes(file.type)) return 'image';
  if ((VIDEO_TYPES as readonly string[]).includes(file.type)) return 'video';
  if (file.type !== '') return undefined;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return extension ? KIND_BY_EXTENSION[extension] : undefined;
}

/** Why a chosen file cannot be traced before it is sent. */
export type FileProblem = 'notTraceable' | 'imageTooLarge' | 'videoTooLarge' | 'tooLarge';

/**
 * Why a chosen file cannot be traced before it is sent, if it cannot: a type the tracer does not
 * read, an image over 25 MB, a video over 1 GB. A file the browser gives no type (some systems)
 * goes to the server, which reads its bytes, unless it is over the largest size of any kind.
 */
export function fileProblem(file: File): FileProblem | undefined {
  if (file.type === '') return file.size > LEAK_TRACE_MAX_BYTES ? 'tooLarge' : undefined;
  const kind = traceKind(file);
  if (!kind) return 'notTraceable';
  if (kind === 'image' && file.size > LEAK_TRACE_MAX_IMAGE_BYTES) return 'imageTooLarge';
  if (kind === 'video' && file.size > LEAK_TRACE_MAX_BYTES) return 'videoTooLarge';
  return undefined;
}
