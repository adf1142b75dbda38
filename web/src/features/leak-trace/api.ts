import type { LeakTraceResult } from '@zura/contracts';
import { client } from '../../lib/api-client';
import { uploadWithProgress, type UploadOptions } from '../../lib/upload';
import { submitReport } from '../reports';

/** Whose tracer: a creator's reaches their own uploads, an admin's any (issue 35). */
export type TraceScope = 'creator' | 'admin';

/** A trace that read a mark: the account it names, when it still exists. */
export type FoundTrace = LeakTraceResult & { recipient: NonNullable<LeakTraceResult['recipient']> };

/**
 * POST /{creator,admin}/leak-trace/ with the suspected copy as `file`: the upload's progress,
 * then the server reads the mark and answers what it found.
 */
export function traceCopy(
  scope: TraceScope,
  file: File,
  options: UploadOptions,
): Promise<LeakTraceResult> {
  return scope === 'admin'
    ? uploadWithProgress('/api/admin/leak-trace/', { file }, options)
    : uploadWithProgress('/api/creator/leak-trace/', { file }, options);
}

/**
 * The takedown notice of a trace that found a mark, as text. Fetched with the session's bearer
 * token like any call (a plain link would carry none), then handed to the browser as a file.
 */
export function fetchTakedownNotice(scope: TraceScope, id: number): Promise<string> {
  return scope === 'admin'
    ? client.GET('/api/admin/leak-trace/{id}/takedown/', { path: { id } })
    : client.GET('/api/creator/leak-trace/{id}/takedown/', { path: { id } });
}

/** POST /reports/: the account a copy was served to, for copyright, naming the trace. */
export function reportRecipient(trace: FoundTrace, details: string) {
  return submitReport({
    target_type: 'profile',
    target_id: trace.recipient.id,
    reason: 'copyright',
    details,
  });
}
