import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { UPLOAD_CONTEXTS, type UploadContext, type UploadRow } from '../../db/schema/index.ts';
import type { UploadLimits } from '../../config/index.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import type { MediaSigner } from '../media/index.ts';
import { removeUnder, renditionsPrefix } from '../../storage/prefix.ts';
import { withImageInput } from './image-input.ts';
import {
  createUploadLimits,
  formatBytes,
  PayloadTooLargeError,
  type UploadGate,
} from './limits.ts';
import { CONTEXT_RULES, cleanFilename, isImageType } from './policy.ts';
import { presentUpload } from './presenter.ts';
import * as repo from './repo.ts';

export type ReceivedFile = {
  tempKey: string;
  size: number;
  sha256: string;
  head: Buffer;
  filename: string;
};

export type UploadsService = ReturnType<typeof createUploadsService>;

export { PayloadTooLargeError };

const BANNED_FILE_MESSAGE = 'This file cannot be uploaded.';

/** Guards sharp against decompression bombs: 100 megapixels is far above any real photo. */
export const MAX_IMAGE_PIXELS = 100_000_000;

function formatGigabytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3}GB` : `${Math.round(bytes / 1024 ** 2)}MB`;
}

export function createUploadsService(deps: {
  db: Database;
  storage: MediaStorage;
  signer: MediaSigner;
  onStored?: (upload: UploadRow) => Promise<void>;
  changes: ChangeNotices;
  rateLimits: RateLimits;
  limits: UploadLimits;
}) {
  const { db, storage, signer, changes, limits } = deps;
  const quotas = createUploadLimits({ db, rateLimits: deps.rateLimits, limits });
  const libraryChanged = (ownerId: number) =>
    changes.announce({ kind: 'library_changed', userId: ownerId });

  async function removeFiles(row: UploadRow) {
    const keys = [row.storageKey, ...Object.values(row.variants)].filter((k): k is string => !!k);
    await Promise.all(keys.map((key) => storage.remove(key)));
    // Listed rather than read from `renditions`: a transcode may have stored part of them.
    await removeUnder(storage, renditionsPrefix(row.ownerId, row.id));
  }

  return {
    /**
     * Streams one file part to temporary storage, hashing as it goes; with a `gate`, the stream
     * is cut off (and nothing kept) once it passes the uploader's quota.
     */
    async receiveFile(
      stream: Readable,
      filename: string | undefined,
      gate?: UploadGate,
    ): Promise<ReceivedFile> {
      const written = await storage.writeTemp(gate ? gate.limit(stream) : stream);
      return { ...written, filename: cleanFilename(filename) };
    },

    /** The checks of one request's uploads (limits.ts); `declaredBytes` is its Content-Length. */
    openGate: (userId: number, declaredBytes: number | undefined) =>
      quotas.openGate(userId, declaredBytes),

    /** GET /library/storage/: the bytes of originals the user stores, and their quota. */
    storageUse: (userId: number) => quotas.storageUse(userId),

    /** Whether received bytes look like a video; anything else is treated as an image. */
    async sniffKind(file: ReceivedFile): Promise<'image' | 'video'> {
      const detected = await fileTypeFromBuffer(file.head);
      return detected?.mime.startsWith('video/') ? 'video' : 'image';
    },

    discard(file: ReceivedFile | undefined) {
      return file ? storage.remove(file.tempKey) : Promise.resolve();
    },

    /** Checks received bytes against a context; discards the file and throws when they do not fit. */
    async inspect(file: ReceivedFile | undefined, contextValue: unknown) {
      const errors: Record<string, string[]> = {};
      const context = UPLOAD_CONTEXTS.find((c) => c === contextValue);
      if (!context) errors.context = [`Choose one of: ${UPLOAD_CONTEXTS.join(', ')}.`];
      if (!file) errors.file = ['No file was submitted.'];
      else if (file.size === 0) errors.file = ['The submitted file is empty.'];
      if (Object.keys(errors).length > 0 || !file || !context) {
        await this.discard(file);
        throw new ValidationError(errors);
      }
      if (await repo.isBannedHash(db, file.sha256)) {
        await this.discard(file);
        throw new BadRequestError(BANNED_FILE_MESSAGE);
      }
      const rule = CONTEXT_RULES[context];
      if (context === 'message_attachment') {
        const isVideo = (await this.sniffKind(file)) === 'video';
        const max = isVideo ? limits.messageMaxBytes.video : limits.messageMaxBytes.other;
        if (file.size > max) {
          await this.discard(file);
          throw new PayloadTooLargeError(
            `File "${file.filename}" is too large to send in a message. Maximum size: ${formatBytes(max)}`,
          );
        }
      }
      if (file.size > rule.maxBytes) {
        await this.discard(file);
        throw new PayloadTooLargeError(
          `File "${file.filename}" is too large. Maximum size: ${formatGigabytes(rule.maxBytes)}`,
        );
      }
      const detected = await fileTypeFromBuffer(file.head);
      if (!detected || !rule.types.includes(detected.mime)) {
        await this.discard(file);
        throw new ValidationError({
          file: [`The file's contents are not ${rule.label}, which ${context} accepts.`],
        });
      }
      let dimensions: { width: number | null; height: number | null } = {
        width: null,
        height: null,
      };
      if (isImageType(detected.mime)) {
        try {
          const meta = await withImageInput(storage, file.tempKey, file.size, (input) =>
            sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata(),
          );
          dimensions = { width: meta.width ?? null, height: meta.height ?? null };
          if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS)
            throw new Error('too many pixels');
        } catch {
          await this.discard(file);
          throw new ValidationError({
            file: ['The image could not be read or is too large in pixels.'],
          });
        }
      }
      return { file, context, detected, dimensions };
    },

    /** Checks the received bytes against the context and records the upload (or finds the twin). */
    async finishUpload(ownerId: number, received: ReceivedFile | undefined, contextValue: unknown) {
      const { file, context, detected, dimensions } = await this.inspect(received, contextValue);
      const existing = await repo.findBySha256(db, ownerId, context, file.sha256);
      if (existing) {
        await this.discard(file);
        return presentUpload(existing, signer);
      }
      const storageKey = `originals/${ownerId}/${crypto.randomUUID()}.${detected.ext}`;
      await storage.commit(file.tempKey, storageKey);
      const { row, created } = await db
        .transaction(async (tx) => {
          await repo.lockOwnerQuota(tx, ownerId);
          await quotas.checkFits(tx, ownerId, file.size);
          return repo.insertOrFindUpload(tx, {
            ownerId,
            context,
            storageKey,
            originalFilename: file.filename,
            contentType: detected.mime,
            sizeBytes: file.size,
            sha256: file.sha256,
            ...dimensions,
            // Transcoded before anyone but the owner sees it; other types are shown as stored.
            videoState: detected.mime.startsWith('video/') ? 'processing' : null,
          });
        })
        .catch(async (error: unknown) => {
          // No row will ever name these bytes (the account went meanwhile, say): drop them.
          await storage.remove(storageKey);
          throw error;
        });
      if (!created) await storage.remove(storageKey);
      else {
        libraryChanged(ownerId);
        await deps.onStored?.(row);
      }
      return presentUpload(row, signer);
    },

    /** finishUpload for a form with several file fields: problems are filed under `field`. */
    async finishUploadAs(
      ownerId: number,
      file: ReceivedFile,
      context: UploadContext,
      field: string,
    ) {
      return this.asField(field, () => this.finishUpload(ownerId, file, context));
    },

    /**
     * The checks of finishUploadAs without storing anything, so a form with several files can
     * refuse any of them before keeping one.
     */
    async checkUploadAs(file: ReceivedFile, context: UploadContext, field: string) {
      await this.asField(field, () => this.inspect(file, context));
    },

    /** Validation problems of `run` filed under a form's `field` instead of `file`. */
    async asField<T>(field: string, run: () => Promise<T>): Promise<T> {
      try {
        return await run();
      } catch (error) {
        if (error instanceof ValidationError) {
          throw new ValidationError({ [field]: Object.values(error.fields).flat() });
        }
        throw error;
      }
    },

    async listOwn(
      ownerId: number,
      options: { context?: UploadContext; before?: repo.UploadCursor; limit: number },
    ) {
      const rows = await repo.listOwnUploads(db, ownerId, options);
      return rows.map((row) => presentUpload(row, signer));
    },

    async getOwn(ownerId: number, id: string) {
      const row = await repo.findOwnUpload(db, ownerId, id);
      if (!row) throw new NotFoundError('File not found.');
      return presentUpload(row, signer);
    },

    async deleteOwn(ownerId: number, id: string) {
      const row = await repo.deleteUpload(db, ownerId, id);
      if (!row) throw new NotFoundError('File not found.');
      libraryChanged(ownerId);
      await removeFiles(row);
    },

    /** Deletes an upload that nothing shows any more (a replaced avatar, a deleted post's media). */
    async deleteIfUnused(ownerId: number, id: string) {
      if (await repo.isUploadReferenced(db, id)) return;
      const row = await repo.deleteUpload(db, ownerId, id);
      if (!row) return;
      libraryChanged(ownerId);
      await removeFiles(row);
    },

    /** The caller's own upload of one of `contexts`, or undefined. */
    async findOwnInContexts(ownerId: number, id: string, contexts: readonly UploadContext[]) {
      const row = await repo.findOwnUpload(db, ownerId, id);
      return row && contexts.includes(row.context) ? row : undefined;
    },
  };
}
