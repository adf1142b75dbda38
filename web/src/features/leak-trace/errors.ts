import { ApiError, NetworkError, errorBodyText } from '../../lib/api-errors';
import type { TFunction } from '../../lib/translator';
import { MAX_IMAGE_MEGABYTES, MAX_VIDEO_GIGABYTES, type TraceKind } from './figures';

/** Whether an error is the trace being given up (a new file chosen, the page left). */
export function isAborted(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * A trace's refusal in the reader's language, told apart by its code (docs/api.md): a file the
 * tracer cannot read or too large (with the limit of the `kind` sent, both when it is not known),
 * no file, the hourly limit, not a creator; otherwise the server's own words (localized where the
 * catalogue knows them), else a general failure.
 */
export function traceErrorText(error: unknown, t: TFunction, kind?: TraceKind): string {
  if (error instanceof NetworkError) return t('leakTrace.errors.offline');
  if (!(error instanceof ApiError)) return t('leakTrace.errors.failed');
  switch (error.code) {
    case 'unsupported_media_type':
      return t('leakTrace.errors.notTraceable');
    case 'payload_too_large':
      return tooLargeText(t, kind);
    case 'validation_failed':
      return t('leakTrace.errors.chooseFile');
    case 'rate_limited':
      return t('leakTrace.errors.rateLimited');
    case 'forbidden':
      return t('leakTrace.creatorsOnly');
    default:
      if (error.status >= 500) return t('leakTrace.errors.failed');
      return errorBodyText(error, 'detail') ?? t('leakTrace.errors.failed');
  }
}

/** A file over the tracer's limit: an image's 25 MB, a video's 1 GB, both for a file of no known kind. */
export function tooLargeText(t: TFunction, kind?: TraceKind): string {
  if (kind === 'image') return t('leakTrace.errors.imageTooLarge', { max: MAX_IMAGE_MEGABYTES });
  if (kind === 'video') return t('leakTrace.errors.videoTooLarge', { max: MAX_VIDEO_GIGABYTES });
  return t('leakTrace.errors.tooLarge', {
    imageMax: MAX_IMAGE_MEGABYTES,
    videoMax: MAX_VIDEO_GIGABYTES,
  });
}
