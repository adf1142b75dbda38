import { LEAK_TRACE_MAX_IMAGE_BYTES } from '@zura/contracts';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import type { UploadVariants } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import {
  MAX_DECODED_PIXELS,
  perceptualHash,
  type MarkingEngine,
  type TraceResult,
} from '../../watermark/index.ts';
import type { Match } from './match.ts';
import * as repo from './repo.ts';

/** Marked images tried against a suspect, nearest first: a re-encode lands within a few bits. */
const CANDIDATES = 3;
/** Past this many bits (of 64) an upload is another picture, not the suspect's source. */
const MAX_HASH_DISTANCE = 24;
/** Hashes made per trace for marked uploads stored before hashes were kept. */
const BACKFILL_PER_TRACE = 500;

export const NOT_TRACEABLE_MESSAGE =
  'The leak tracer reads images and videos: choose a JPEG, PNG, WebP or GIF image, or an MP4, MOV or WebM video.';
const IMAGE_TOO_LARGE_MESSAGE = `The image is too large to trace. Maximum size: ${LEAK_TRACE_MAX_IMAGE_BYTES / 1024 ** 2}MB.`;

type Variant = 'feed' | 'medium' | 'thumb' | 'original' | 'poster';

type Deps = {
  db: Database;
  storage: MediaStorage;
  engine: Pick<MarkingEngine, 'trace'>;
  key: Buffer;
};

const isVideo = (candidate: Pick<repo.TraceCandidate, 'contentType'>) =>
  candidate.contentType.startsWith('video/');

/**
 * The stored sizes a marked copy can be made from, nearest the suspect's width first: an
 * image's sizes and original, or a video's stills.
 */
function variantsToTry(candidate: repo.TraceCandidate, suspectWidth: number) {
  const widths: Record<Variant, number | undefined> = {
    feed: Math.min(candidate.width ?? 1080, 1080),
    poster: Math.min(candidate.width ?? 1080, 1080),
    medium: Math.min(candidate.width ?? 640, 640),
    thumb: Math.min(candidate.width ?? 320, 320),
    original: candidate.width ?? undefined,
  };
  const keys: [Variant, string][] = [];
  const variants: UploadVariants = candidate.variants;
  const names = isVideo(candidate)
    ? (['poster', 'thumb'] as const)
    : (['feed', 'medium', 'thumb'] as const);
  for (const name of names) {
    const key = variants[name];
    if (key) keys.push([name, key]);
  }
  if (!isVideo(candidate)) keys.push(['original', candidate.storageKey]);
  const gap = (name: Variant) => Math.abs(Math.log((widths[name] ?? 1080) / suspectWidth));
  return keys.sort(([a], [b]) => gap(a) - gap(b));
}

/** Makes the hashes missing for marked uploads in reach (stored before hashes were kept). */
async function backfillHashes(deps: Deps, ownerId: number | undefined) {
  for (const upload of await repo.unhashedCandidates(deps.db, ownerId, BACKFILL_PER_TRACE)) {
    const source = isVideo(upload)
      ? upload.variants.poster
      : (upload.variants.feed ?? upload.storageKey);
    if (!source) continue;
    const hash = await deps.storage
      .readBuffer(source)
      .then(perceptualHash)
      .catch(() => undefined);
    if (hash !== undefined) await repo.saveHash(deps.db, upload.id, hash);
  }
}

/** The first stored size of the candidate whose mark reads, or the best reading of them. */
async function readMark(
  deps: Deps,
  suspect: Buffer,
  candidate: repo.TraceCandidate,
  suspectWidth: number,
) {
  let best: { variant: Variant; result: TraceResult } | undefined;
  for (const [variant, storageKey] of variantsToTry(candidate, suspectWidth)) {
    const original = await deps.storage.readBuffer(storageKey).catch(() => undefined);
    if (!original) continue;
    const result = await deps.engine.trace(suspect, original, deps.key).catch(() => undefined);
    if (!result) continue;
    if (result.found) return { variant, result };
    if (!best || result.bitsAgreeing > best.result.bitsAgreeing) best = { variant, result };
  }
  return best;
}

/** The suspect's width, read without decoding it whole; a file sharp cannot read is refused. */
async function widthOf(suspect: Buffer): Promise<number> {
  if (suspect.length > LEAK_TRACE_MAX_IMAGE_BYTES)
    throw new AppError(413, 'payload_too_large', IMAGE_TOO_LARGE_MESSAGE);
  const meta = await sharp(suspect, { limitInputPixels: MAX_DECODED_PIXELS })
    .metadata()
    .catch(() => undefined);
  const width = meta?.autoOrient?.width ?? meta?.width;
  const height = meta?.autoOrient?.height ?? meta?.height;
  const formats = ['jpeg', 'png', 'webp', 'gif'];
  if (!meta || !width || !height || !formats.includes(String(meta.format)))
    throw new AppError(415, 'unsupported_media_type', NOT_TRACEABLE_MESSAGE);
  if (width * height > MAX_DECODED_PIXELS)
    throw new AppError(413, 'payload_too_large', IMAGE_TOO_LARGE_MESSAGE);
  return width;
}

/**
 * A suspected copy of a gated image (or of a gated video's poster or thumbnail): matched to the
 * marked images it looks like (perceptual
 * hash of its centre and of the whole, against the uploads' central ones; the nearest few), its mark read against each stored size it may have been made from on
 * the engine's threads; the best reading, naming a serial when the engine found one.
 */
export async function traceImage(
  deps: Deps,
  ownerId: number | undefined,
  suspect: Buffer,
): Promise<Match | undefined> {
  const suspectWidth = await widthOf(suspect);
  await backfillHashes(deps, ownerId);
  const hashes = [await perceptualHash(suspect), await perceptualHash(suspect, { whole: true })];
  const candidates = (await repo.nearestCandidates(deps.db, ownerId, hashes, CANDIDATES)).filter(
    (candidate) => candidate.distance <= MAX_HASH_DISTANCE,
  );
  let best: Match | undefined;
  for (const candidate of candidates) {
    const read = await readMark(deps, suspect, candidate, suspectWidth);
    if (!read) continue;
    if (best && read.result.bitsAgreeing <= best.bitsAgreeing && !read.result.found) continue;
    best = {
      uploadId: candidate.id,
      variant: read.variant,
      bitsAgreeing: read.result.bitsAgreeing,
      bitsTotal: read.result.bitsTotal,
      falseMatchProbability: read.result.falseMatchProbability,
      hashDistance: candidate.distance,
      serial: read.result.found ? read.result.payload : undefined,
    };
    if (read.result.found) break;
  }
  return best;
}
