import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { LeakTraceResult } from '@zura/contracts';
import { fileTypeFromFile } from 'file-type';
import type { Database } from '../../db/client.ts';
import type { LeakTraceScope } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import type { FfmpegBinaries } from '../../video/ffmpeg-binary.ts';
import type { MarkingEngine } from '../../watermark/index.ts';
import type { AuditLog } from '../audit/index.ts';
import { traceImage } from './image-trace.ts';
import type { Match } from './match.ts';
import { outcomeOf, presentTrace } from './present.ts';
import * as repo from './repo.ts';
import { takedownNotice } from './takedown.ts';
import { traceVideo } from './video-trace.ts';

const NOT_A_CREATOR_MESSAGE = 'Only creators can trace leaks of their content.';
const TRACE_NOT_FOUND_MESSAGE = 'No such trace.';
/** Containers a leaked video comes in; anything else is read as an image (or refused). */
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'];

/** The suspected copy as received: a temporary file the route removes after the trace. */
export type Suspect = { file: string; bytes: number };

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The leak tracer (issue 35): a creator's or an admin's suspected copy of a gated image or video
 * is matched to the marked upload it comes from, its mark read (`image-trace.ts`,
 * `video-trace.ts`), and the serial it holds mapped to the account the copy was served to.
 * Every trace is kept (`leak_traces`) and written to the audit log.
 */
export function createLeakTracer(deps: {
  db: Database;
  storage: MediaStorage;
  engine: Pick<MarkingEngine, 'trace'>;
  key: Buffer;
  audit: AuditLog;
  rateLimits: RateLimits;
  publicUrl: string;
  binaries: () => Promise<FfmpegBinaries>;
  ffmpegMemoryBytes: number;
}) {
  const { db, audit } = deps;

  /** The owner whose uploads a trace reaches: the creator's own, or (undefined) any. */
  async function scopeOf(actorId: number, scope: LeakTraceScope) {
    if (scope === 'admin') return undefined;
    if (!(await repo.isCreator(db, actorId))) throw new ForbiddenError(NOT_A_CREATOR_MESSAGE);
    return actorId;
  }

  async function read(ownerId: number | undefined, suspect: Suspect): Promise<Match | undefined> {
    const type = await fileTypeFromFile(suspect.file).catch(() => undefined);
    if (type && VIDEO_TYPES.includes(type.mime))
      return traceVideo(deps, ownerId, suspect.file, type.mime);
    return traceImage(deps, ownerId, await readFile(suspect.file));
  }

  async function trace(
    actorId: number,
    scope: LeakTraceScope,
    suspect: Suspect,
  ): Promise<LeakTraceResult> {
    const ownerId = await scopeOf(actorId, scope);
    await deps.rateLimits.consume('leakTracesPerUser', String(actorId));
    const match = await read(ownerId, suspect);
    let recipient: { id: number; username: string } | null = null;
    let found = false;
    const mark = match?.serial === undefined ? undefined : await repo.markOf(db, match.serial);
    // A serial of another upload's mark is noise that passed the code: not a finding.
    if (match && mark && mark.uploadId === match.uploadId) {
      found = true;
      if (mark.recipientId !== null && mark.username !== null)
        recipient = { id: mark.recipientId, username: mark.username };
    }
    const place = match ? await repo.placeOf(db, match.uploadId) : undefined;
    const row = await db.transaction(async (tx) => {
      const written = await repo.insertTrace(tx, {
        actorId,
        scope,
        suspectSha256: await sha256Of(suspect.file),
        suspectBytes: suspect.bytes,
        found,
        uploadId: match?.uploadId ?? null,
        postId: place?.postId ?? null,
        messageId: place?.messageId ?? null,
        recipientId: recipient?.id ?? null,
        recipientUsername: recipient?.username ?? null,
        variant: match?.variant ?? null,
        bitsAgreeing: match?.bitsAgreeing ?? null,
        bitsTotal: match?.bitsTotal ?? null,
        falseMatchProbability: match?.falseMatchProbability ?? null,
        hashDistance: match?.hashDistance ?? null,
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
