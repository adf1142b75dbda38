import { ApiError, NetworkError, errorBodyText } from '../../lib/api-errors';
import type { TFunction } from '../../lib/translator';
import { MAX_MEGABYTES } from './figures';

/** Whether an error is the trace being given up (a new file chosen, the page left). */
export function isAborted(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * A trace's refusal in the reader's language, told apart by its code (docs/api.md): a file the
 * tracer cannot read or too large, no file, the hourly limit, not a creator; otherwise the
 * server's own words (localized where the catalogue knows them), else a general failure.
 */
export function traceErrorText(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('leakTrace.errors.offline');
  if (!(error instanceof ApiError)) return t('leakTrace.errors.failed');
  switch (error.code) {
    case 'unsupported_media_type':
      return t('leakTrace.errors.notAnImage');
    case 'payload_too_large':
      return t('leakTrace.errors.tooLarge', { max: MAX_MEGABYTES });
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
