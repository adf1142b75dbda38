import type { FastifyRequest } from 'fastify';
import { AppError, BadRequestError } from '../../lib/errors.ts';
import { MAX_UPLOAD_BYTES } from './policy.ts';
import { quotaRefusalOf } from './limits.ts';
import { PayloadTooLargeError, type ReceivedFile, type UploadsService } from './service.ts';

export type ReceivedMultipart = {
  fields: Record<string, string>;
  /** The first file of each field. */
  files: Map<string, ReceivedFile>;
  /** Every file of each field, in the order sent: for fields that take several. */
  fileLists: Map<string, ReceivedFile[]>;
  /** Removes every received file that was not used; call in `finally`. */
  discardAll: () => Promise<void>;
};

export type MultipartOptions = {
  /** How many files a field takes (1 unless named here: a single file field keeps its first). */
  maxFiles?: Record<string, number>;
  /**
   * The refusal of a body with more files in a field than it takes: thrown as the first part
   * too many arrives, before its bytes are read. Without it, such parts are drained unread.
   */
  tooManyFiles?: () => Error;
};

/** Stops reading a body at its first file too many; answered as `tooManyFiles`. */
class TooManyFiles extends Error {}

/**
 * Reads a multipart body: text fields into `fields`, and each file part named in `fileFields`
 * streamed to temporary storage (never buffered). Other file parts are drained and ignored.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  uploads: UploadsService,
  fileFields: readonly string[],
  options: MultipartOptions = {},
): Promise<ReceivedMultipart> {
  if (!request.isMultipart()) {
    throw new BadRequestError('Send the request as multipart/form-data.');
  }
  // Routes read multipart bodies after signing the user in: only then may a body take long.
  request.allowUploadTime();
  const fields: Record<string, string> = {};
  const fileLists = new Map<string, ReceivedFile[]>();
  const files = new Map<string, ReceivedFile>();
  const takes = (field: string) => options.maxFiles?.[field] ?? 1;
  const discardAll = async () => {
    await Promise.all([...fileLists.values()].flat().map((file) => uploads.discard(file)));
    fileLists.clear();
    files.clear();
  };
  const fileLimit = fileFields.reduce((sum, field) => sum + takes(field), 0);
  // Checked as the first file arrives, so a body of text fields alone needs none of it.
  const gate = uploads.openGate(request.userId, declaredLength(request));
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: fileLimit + fileFields.length + 2,
        fields: 40,
        fieldSize: 64 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const list = fileLists.get(part.fieldname) ?? [];
        const limit = takes(part.fieldname);
        const wanted = fileFields.includes(part.fieldname);
        if (wanted && limit > 1 && list.length >= limit && options.tooManyFiles) {
          part.file.resume();
          throw new TooManyFiles();
        }
        if (!wanted || list.length >= limit) {
          part.file.resume();
          continue;
        }
        try {
          await gate.beforeFile();
        } catch (refusal) {
          part.file.resume();
          throw refusal;
        }
        const received = await uploads.receiveFile(part.file, part.filename, gate);
        list.push(received);
        fileLists.set(part.fieldname, list);
        await gate.afterFile(received, (await uploads.sniffKind(received)) === 'video');
        if (!files.has(part.fieldname)) files.set(part.fieldname, list[0]!);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await discardAll();
    if (error instanceof AppError) throw error;
    const overQuota = quotaRefusalOf(error);
    if (overQuota) throw overQuota;
    if (error instanceof TooManyFiles && options.tooManyFiles) throw options.tooManyFiles();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new PayloadTooLargeError('File is too large. Maximum size: 10GB');
    }
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT' && options.tooManyFiles) {
      throw options.tooManyFiles();
    }
    if ((error as { statusCode?: number }).statusCode === 413) {
      throw new PayloadTooLargeError('Too many or too large form fields.');
    }
    request.log.info({ err: error }, 'multipart body interrupted or malformed');
    throw new BadRequestError('The upload was interrupted or malformed. Please try again.');
  }
  return { fields, files, fileLists, discardAll };
}

/** The body's Content-Length when the client gave a valid one. */
function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}
