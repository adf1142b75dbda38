import { Readable } from 'node:stream';
import { UPLOAD_NEEDS_VERIFIED_EMAIL } from '@zura/contracts';
import type { UploadLimits } from '../../config/index.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, ForbiddenError, TooManyRequestsError } from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import * as repo from './repo.ts';

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
  /** The upload form's field error, as validation files it (and as `fields`). */
  protected override extraBody() {
    return { file: [this.message], fields: { file: [this.message] } };
  }
}

/** Seconds a client refused for its videos in processing is told to wait before trying again. */
const PROCESSING_RETRY_SECONDS = 60;

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** Bytes as people read them: `140 KB`, `1.5 GB` (binary units, one decimal under ten). */
export function formatBytes(bytes: number): string {
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}

function overQuota(used: number, quota: number, needs: string): PayloadTooLargeError {
  return new PayloadTooLargeError(
    `You have used ${formatBytes(used)} of your ${formatBytes(quota)} storage, and this file ${needs}. Delete files in your library to upload more.`,
  );
}

/** Thrown inside a file's stream once it passes the quota left; answered by `refusal`. */
class QuotaCutOff extends Error {
  readonly refusal: PayloadTooLargeError;
  constructor(refusal: PayloadTooLargeError) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

/** The refusal a failed file stream carries when the quota cut it off. */
export function quotaRefusalOf(error: unknown): PayloadTooLargeError | undefined {
  return error instanceof QuotaCutOff ? error.refusal : undefined;
}

/**
 * One request's uploads: checked as its first file part arrives (a verified address, the
 * quota against Content-Length, the hourly rate), each file's stream cut off past the quota left,
 * and each received file counted against the rate and the owner's videos in processing.
 */
export type UploadGate = {
  beforeFile: () => Promise<void>;
  limit: (stream: Readable) => Readable;
  afterFile: (file: { size: number }, isVideo: boolean) => Promise<void>;
};

export function createUploadLimits(deps: {
  db: Executor;
  rateLimits: RateLimits;
  limits: UploadLimits;
}) {
  const { db, rateLimits, limits } = deps;

  /** On `on`: inside the quota lock's transaction, which must not wait for another connection. */
  async function quotaOf(userId: number, on: Executor = db): Promise<number> {
    const uploader = await repo.findUploader(on, userId);
    return uploader?.isCreator || uploader?.isAdmin
      ? limits.quotaBytes.creator
      : limits.quotaBytes.fan;
  }

  return {
    async storageUse(userId: number) {
      const [used, quota] = await Promise.all([repo.storedBytes(db, userId), quotaOf(userId)]);
      return { used_bytes: used, quota_bytes: quota };
    },

    /** Throws 413 unless `size` more bytes fit the owner's quota; run under `lockOwnerQuota`. */
    async checkFits(tx: Executor, ownerId: number, size: number) {
      const used = await repo.storedBytes(tx, ownerId);
      const quota = await quotaOf(ownerId, tx);
      if (used + size > quota) throw overQuota(used, quota, `needs ${formatBytes(size)}`);
    },

    openGate(userId: number, declaredBytes: number | undefined): UploadGate {
      const key = String(userId);
      let room = 0;
      let processingAtStart = 0;
      let admitted = false;
      let usedAtStart = 0;
      let quota = 0;
      return {
        async beforeFile() {
          if (!admitted) {
            const uploader = await repo.findUploader(db, userId);
            if (limits.requireVerifiedEmail && !uploader?.emailVerifiedAt) {
              throw new ForbiddenError(UPLOAD_NEEDS_VERIFIED_EMAIL);
            }
            [usedAtStart, quota, processingAtStart] = await Promise.all([
              repo.storedBytes(db, userId),
              quotaOf(userId),
              repo.processingVideos(db, userId),
            ]);
            room = Math.max(0, quota - usedAtStart);
            // A body's length is its files and a few hundred bytes of form around them.
            if (declaredBytes !== undefined && declaredBytes > room + 64 * 1024) {
              throw overQuota(usedAtStart, quota, `needs ${formatBytes(declaredBytes)}`);
            }
            if (declaredBytes !== undefined) {
              await rateLimits.consume('uploadBytesPerUser', key, Math.max(1, declaredBytes));
            }
            admitted = true;
          }
          await rateLimits.consume('uploadsPerUser', key);
        },

        limit(stream) {
          const allowed = room;
          const refusal = () =>
            overQuota(usedAtStart, quota, `is larger than the ${formatBytes(allowed)} left`);
          // Lazy: nothing is read before the store's pipeline reads it, so its error handling
          // (removing what was written) sees the cut-off.
          async function* limited() {
            let seen = 0;
            for await (const chunk of stream as AsyncIterable<Buffer>) {
              seen += chunk.length;
              if (seen > allowed) throw new QuotaCutOff(refusal());
              yield chunk;
            }
          }
          return Readable.from(limited(), { objectMode: false });
        },

        async afterFile(file, isVideo) {
          room = Math.max(0, room - file.size);
          if (declaredBytes === undefined) {
            await rateLimits.consume('uploadBytesPerUser', key, Math.max(1, file.size));
          }
          if (isVideo && processingAtStart >= limits.processingVideosMax) {
            throw new TooManyRequestsError(
              `You already have ${processingAtStart} videos being processed. Wait until they finish, then upload this one again.`,
              PROCESSING_RETRY_SECONDS,
            );
          }
        },
      };
    },
  };
}
