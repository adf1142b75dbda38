import type { CallSummary } from '@zura/contracts';
import { isRecord } from '../../lib/api-errors';

/** The body of a `call` frame, checked by hand (the socket brings no zod, issue 20). */
export function parseCallSummary(body: unknown): CallSummary | undefined {
  if (!isRecord(body)) return undefined;
  const { id, conversation_id, message_id, room_id, state: callState, started_at } = body;
  if (
    typeof id !== 'number' ||
    typeof conversation_id !== 'number' ||
    typeof message_id !== 'number' ||
    typeof room_id !== 'string' ||
    typeof started_at !== 'string' ||
    !['ringing', 'answered', 'ended', 'missed'].includes(callState as string)
  ) {
    return undefined;
  }
  return body as CallSummary;
}
