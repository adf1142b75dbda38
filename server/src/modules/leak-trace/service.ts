import { createHash } from 'node:crypto';
import { LEAK_TRACE_MAX_BYTES, type LeakTraceOutcome, type LeakTraceResult } from '@zura/contracts';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import type { LeakTraceRow, LeakTraceScope, UploadVariants } from '../../db/schema/index.ts';
import { AppError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import {
  MAX_DECODED_PIXELS,
  perceptualHash,
  type MarkingEngine,
  type TraceResult,
} from '../../watermark/index.ts';
import type { AuditLog } from '../audit/index.ts';
import * as repo from './repo.ts';
import { takedownNotice } from './takedown.ts';

/** Marked images tried against a suspect, nearest first: a re-encode lands within a few bits. */
const CANDIDATES = 3;
/** Past this many bits (of 64) an upload is another picture, not the suspect's source. */
const MAX_HASH_DISTANCE = 24;
/** Hashes made per trace for marked uploads stored before hashes were kept. */
const BACKFILL_PER_TRACE = 500;

export const NOT_AN_IMAGE_MESSAGE =
  'The leak tracer reads images: choose a JPEG, PNG, WebP or GIF file.';
export const TOO_LARGE_MESSAGE = `The file is too large to trace. Maximum size: ${LEAK_TRACE_MAX_BYTES / 1024 ** 2}MB.`;
const NOT_A_CREATOR_MESSAGE = 'Only creators can trace leaks of their content.';
const TRACE_NOT_FOUND_MESSAGE = 'No such trace.';

type Variant = 'feed' | 'medium' | 'thumb' | 'original';

/** The stored sizes a marked copy can be made from, nearest the suspect's width first. */
function variantsToTry(candidate: repo.TraceCandidate, suspectWidth: number) {
  const widths: Record<Variant, number | undefined> = {
    feed: Math.min(candidate.width ?? 1080, 1080),
    medium: Math.min(candidate.width ?? 640, 640),
    thumb: Math.min(candidate.width ?? 320, 320),
    original: candidate.width ?? undefined,
  };
  const keys: [Variant, string][] = [];
  const variants: UploadVariants = candidate.variants;
  for (const name of ['feed', 'medium', 'thumb'] as const) {
    const key = variants[name];
    if (key) keys.push([name, key]);
  }
  keys.push(['original', candidate.storageKey]);
  const gap = (name: Variant) => Math.abs(Math.log((widths[name] ?? 1080) / suspectWidth));
  return keys.sort(([a], [b]) => gap(a) - gap(b));
}

/**
 * The leak tracer (issue 35): a creator's or an admin's suspected copy of a gated image is
 * matched to the marked upload it looks like (perceptual hash), its mark read against each
 * stored size it may have been made from, and the serial it holds mapped to the account the
 * copy was served to. Every trace is kept (`leak_traces`) and written to the audit log.
 */
export function createLeakTracer(deps: {
  db: Database;
  storage: MediaStorage;
  engine: Pick<MarkingEngine, 'trace'>;
  key: Buffer;
  audit: AuditLog;
  rateLimits: RateLimits;
  publicUrl: string;
}) {
  const { db, storage, engine, key, audit } = deps;

  async function scopeOf(actorId: number, scope: LeakTraceScope) {
    if (scope === 'admin') return undefined;
    if (!(await repo.isCreator(db, actorId))) throw new ForbiddenError(NOT_A_CREATOR_MESSAGE);
    return actorId;
  }

  /** Makes the hashes missing for marked uploads in reach (stored before hashes were kept). */
  async function backfillHashes(ownerId: number | undefined) {
    for (const upload of await repo.unhashedCandidates(db, ownerId, BACKFILL_PER_TRACE)) {
      const source = upload.variants.feed ?? upload.storageKey;
      const hash = await storage
        .readBuffer(source)
        .then(perceptualHash)
        .catch(() => undefined);
      if (hash !== undefined) await repo.saveHash(db, upload.id, hash);
    }
  }

  /** The first stored size of the candidate whose mark reads, or the best reading of them. */
  async function readMark(suspect: Buffer, candidate: repo.TraceCandidate, suspectWidth: number) {
    let best: { variant: Variant; result: TraceResult } | undefined;
    for (const [variant, storageKey] of variantsToTry(candidate, suspectWidth)) {
      const original = await storage.readBuffer(storageKey).catch(() => undefined);
      if (!original) continue;
      const result = await engine.trace(suspect, original, key).catch(() => undefined);
      if (!result) continue;
      if (result.found) return { variant, result };
      if (!best || result.bitsAgreeing > best.result.bitsAgreeing) best = { variant, result };
    }
    return best;
  }

  async function trace(
    actorId: number,
    scope: LeakTraceScope,
    suspect: Buffer,
  ): Promise<LeakTraceResult> {
    const ownerId = await scopeOf(actorId, scope);
    await deps.rateLimits.consume('leakTracesPerUser', String(actorId));
    const suspectWidth = await widthOf(suspect);
    await backfillHashes(ownerId);
    const hash = await perceptualHash(suspect);
    const candidates = (await repo.nearestCandidates(db, ownerId, hash, CANDIDATES)).filter(
      (candidate) => candidate.distance <= MAX_HASH_DISTANCE,
    );
    let match:
      | {
          candidate: (typeof candidates)[number];
          variant: Variant;
          result: TraceResult;
        }
      | undefined;
    for (const candidate of candidates) {
      const read = await readMark(suspect, candidate, suspectWidth);
      if (!read) continue;
      if (!match || read.result.bitsAgreeing > match.result.bitsAgreeing)
        match = { candidate, ...read };
      if (read.result.found) break;
    }
    let recipient: { id: number; username: string } | null = null;
    let found = false;
    if (match) {
      const mark =
        match.result.found && match.result.payload !== undefined
          ? await repo.markOf(db, match.result.payload)
          : undefined;
      // A payload of another upload's mark is noise that passed the code: not a finding.
      if (mark && mark.uploadId === match.candidate.id) {
        found = true;
        if (mark.recipientId !== null && mark.username !== null)
          recipient = { id: mark.recipientId, username: mark.username };
      }
    }
    const place = match ? await repo.placeOf(db, match.candidate.id) : undefined;
    const row = await db.transaction(async (tx) => {
      const written = await repo.insertTrace(tx, {
        actorId,
        scope,
        suspectSha256: createHash('sha256').update(suspect).digest('hex'),
        suspectBytes: suspect.length,
        found,
        uploadId: match?.candidate.id ?? null,
        postId: place?.postId ?? null,
        messageId: place?.messageId ?? null,
        recipientId: recipient?.id ?? null,
        recipientUsername: recipient?.username ?? null,
        variant: match?.variant ?? null,
        bitsAgreeing: match?.result.bitsAgreeing ?? null,
        bitsTotal: match?.result.bitsTotal ?? null,
        falseMatchProbability: match?.result.falseMatchProbability ?? null,
        hashDistance: match?.candidate.distance ?? null,
      });
      await audit.record(tx, {
        actorId,
        action: 'leak_traced',
        targetType: 'leak_trace',
        targetId: written.id,
        details: {
          scope,
          outcome: outcomeOf(written),
          upload_id: written.uploadId,
          post_id: written.postId,
          message_id: written.messageId,
          recipient_id: written.recipientId,
          recipient_username: written.recipientUsername,
          false_match_probability: written.falseMatchProbability,
        },
      });
      return written;
    });
    return presentTrace(row);
  }

  /** A trace the caller may read: their own, or any for an admin. */
  async function ownTrace(actorId: number, scope: LeakTraceScope, id: number) {
    const row = await repo.findTrace(db, id);
    if (!row || (scope === 'creator' && row.actorId !== actorId))
      throw new NotFoundError(TRACE_NOT_FOUND_MESSAGE);
    return row;
  }

  return {
    trace,
    /** A DMCA-style notice filled in for a trace that named an account, as text. */
    async takedown(actorId: number, scope: LeakTraceScope, id: number) {
      await scopeOf(actorId, scope);
      const row = await ownTrace(actorId, scope, id);
      if (!row.found || (row.postId === null && row.messageId === null))
        throw new NotFoundError('This trace found no marked copy to take down.');
      const post = row.postId === null ? undefined : await repo.postForNotice(db, row.postId);
      const owner = post
        ? { username: post.authorUsername, email: post.authorEmail }
        : await repo.ownerOfUpload(db, row.uploadId);
      return takedownNotice({
        trace: row,
        publicUrl: deps.publicUrl,
        post: post ? { id: post.id, createdAt: post.createdAt } : undefined,
        owner: owner ?? { username: 'unknown', email: '' },
      });
    },
  };
}

export type LeakTracer = ReturnType<typeof createLeakTracer>;

/** The suspect's width, read without decoding it whole; a file sharp cannot read is refused. */
async function widthOf(suspect: Buffer): Promise<number> {
  if (suspect.length > LEAK_TRACE_MAX_BYTES)
    throw new AppError(413, 'payload_too_large', TOO_LARGE_MESSAGE);
  const meta = await sharp(suspect, { limitInputPixels: MAX_DECODED_PIXELS })
    .metadata()
    .catch(() => undefined);
  const width = meta?.autoOrient?.width ?? meta?.width;
  const height = meta?.autoOrient?.height ?? meta?.height;
  const formats = ['jpeg', 'png', 'webp', 'gif'];
  if (!meta || !width || !height || !formats.includes(String(meta.format)))
    throw new AppError(415, 'unsupported_media_type', NOT_AN_IMAGE_MESSAGE);
  if (width * height > MAX_DECODED_PIXELS)
    throw new AppError(413, 'payload_too_large', TOO_LARGE_MESSAGE);
  return width;
}

/** What a kept trace found; a recipient deleted since is told as such (the notice keeps the name). */
function outcomeOf(row: LeakTraceRow): LeakTraceOutcome {
  if (row.found) return row.recipientId === null ? 'recipient_deleted' : 'recipient_found';
  return row.uploadId === null ? 'no_matching_upload' : 'no_mark_found';
}

function presentTrace(row: LeakTraceRow): LeakTraceResult {
  const evidence =
    row.bitsAgreeing !== null &&
    row.bitsTotal !== null &&
    row.falseMatchProbability !== null &&
    row.hashDistance !== null &&
    row.variant !== null
      ? {
          bits_agreeing: row.bitsAgreeing,
          bits_total: row.bitsTotal,
          false_match_probability: row.falseMatchProbability,
          hash_distance: row.hashDistance,
          variant: row.variant,
        }
      : null;
  return {
    id: row.id,
    found: row.found,
    outcome: outcomeOf(row),
    upload_id: row.uploadId,
    post_id: row.postId,
    message_id: row.messageId,
    recipient:
      row.recipientId !== null && row.recipientUsername !== null
        ? { id: row.recipientId, username: row.recipientUsername }
        : null,
    confidence: row.found && evidence ? 1 - evidence.false_match_probability : 0,
    evidence,
    created_at: row.createdAt.toISOString(),
  };
}
