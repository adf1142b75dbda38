import { MESSAGE_ATTACHMENT_FILE_TYPES, fileTypeNames } from '@zura/contracts';
import type { TFunction } from '../../lib/translator';
import { ApiError, NetworkError, isRecord } from '../../lib/api-errors';

export interface FailedUpload {
  name: string;
  error: unknown;
}

/** The server's reason for a refused upload, or a short generic one. */
function uploadFailureReason(error: unknown, texts: { network: string; unknown: string }): string {
  if (error instanceof NetworkError) return texts.network;
  if (error instanceof ApiError && isRecord(error.body)) {
    for (const value of Object.values(error.body)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string' && first.trim()) return first;
    }
  }
  return texts.unknown;
}

/** The server looked at the file and refused it (its type or its size). */
function isRefusedFile(error: unknown): boolean {
  return error instanceof ApiError && [400, 413, 415].includes(error.status);
}

/**
 * What the composer says about files that did not upload: 'File upload failed: {reason}' when
 * none of the picked files made it, else 'Upload failed for: {names}' and the reasons; each of
 * the server's reasons once; and, when the server refused a file, the types it takes.
 */
export function uploadFailureLines(
  failures: readonly FailedUpload[],
  allFailed: boolean,
  t: TFunction,
): string[] {
  const texts = {
    network: t('messaging.composer.networkError'),
    unknown: t('messaging.composer.unknownError'),
  };
  const reasons = [...new Set(failures.map(({ error }) => uploadFailureReason(error, texts)))];
  const lines = allFailed
    ? reasons.map((reason) => t('messaging.composer.uploadFailed', { error: reason }))
    : [
        t('messaging.composer.uploadFailedFor', {
          names: failures.map(({ name }) => name).join(', '),
        }),
        ...reasons,
      ];
  if (failures.some(({ error }) => isRefusedFile(error))) {
    lines.push(
      t('messaging.composer.allowedTypes', {
        types: fileTypeNames(MESSAGE_ATTACHMENT_FILE_TYPES),
      }),
    );
  }
  return lines;
}
