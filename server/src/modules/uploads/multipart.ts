import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../../lib/errors.ts';
import { MAX_UPLOAD_BYTES } from './policy.ts';
import { PayloadTooLargeError, type ReceivedFile, type UploadsService } from './service.ts';

export type ReceivedMultipart = {
  fields: Record<string, string>;
  files: Map<string, ReceivedFile>;
  /** Removes every received file that was not used; call in `finally`. */
  discardAll: () => Promise<void>;
};

/**
 * Reads a multipart body: text fields into `fields`, and each file part named in `fileFields`
 * streamed to temporary storage (never buffered). Other file parts are drained and ignored.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  uploads: UploadsService,
  fileFields: readonly string[],
): Promise<ReceivedMultipart> {
  if (!request.isMultipart()) {
    throw new BadRequestError('Send the request as multipart/form-data.');
  }
  // Routes read multipart bodies after signing the user in: only then may a body take long.
  request.allowUploadTime();
  const fields: Record<string, string> = {};
  const files = new Map<string, ReceivedFile>();
  const discardAll = async () => {
    await Promise.all([...files.values()].map((file) => uploads.discard(file)));
    files.clear();
  };
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: fileFields.length + 2,
        fields: 40,
        fieldSize: 64 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname) || files.has(part.fieldname)) {
          part.file.resume();
          continue;
        }
        files.set(part.fieldname, await uploads.receiveFile(part.file, part.filename));
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await discardAll();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new PayloadTooLargeError('File is too large. Maximum size: 10GB');
    }
    if ((error as { statusCode?: number }).statusCode === 413) {
      throw new PayloadTooLargeError('Too many or too large form fields.');
    }
    request.log.info({ err: error }, 'multipart body interrupted or malformed');
    throw new BadRequestError('The upload was interrupted or malformed. Please try again.');
  }
  return { fields, files, discardAll };
}
