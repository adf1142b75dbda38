import type { LeakTraceOutcome, LeakTraceResult } from '@zura/contracts';
import type { LeakTraceRow } from '../../db/schema/index.ts';

/** What a kept trace found; a recipient deleted since is told as such (the notice keeps the name). */
export function outcomeOf(row: LeakTraceRow): LeakTraceOutcome {
  if (row.found) return row.recipientId === null ? 'recipient_deleted' : 'recipient_found';
  return row.uploadId === null ? 'no_matching_upload' : 'no_mark_found';
}

export function presentTrace(row: LeakTraceRow): LeakTraceResult {
  const evidence =
    row.bitsAgreeing !== null &&
    row.bitsTotal !== null &&
    row.falseMatchProbability !== null &&
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
