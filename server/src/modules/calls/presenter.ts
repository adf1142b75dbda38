import { CALL_RING_SECONDS, type CallSummary } from '@zura/contracts';
import type { CallRow } from '../../db/schema/index.ts';

/**
 * The state a call is in now: a call still ringing after the ring time was missed, whether or
 * not anyone has written that down yet (its caller's tab may have closed while it rang).
 */
export function effectiveState(call: CallRow, now = Date.now()): CallRow['state'] {
  if (call.state === 'ringing' && now - call.createdAt.getTime() >= CALL_RING_SECONDS * 1000) {
    return 'missed';
  }
  return call.state;
}

export function presentCall(
  call: CallRow,
  callerUsername: string | null,
  now = Date.now(),
): CallSummary {
  const state = effectiveState(call, now);
  const ringOut = new Date(call.createdAt.getTime() + CALL_RING_SECONDS * 1000);
  const endedAt = call.endedAt ?? (state === 'missed' ? ringOut : null);
  const duration =
    state === 'ended' && call.answeredAt && endedAt
      ? Math.max(0, Math.floor((endedAt.getTime() - call.answeredAt.getTime()) / 1000))
      : null;
  return {
    id: call.id,
    conversation_id: call.conversationId,
    message_id: call.messageId,
    room_id: call.roomId,
    caller_id: call.callerId,
    caller_username: callerUsername,
    callee_id: call.calleeId,
    state,
    started_at: call.createdAt.toISOString(),
    answered_at: call.answeredAt?.toISOString() ?? null,
    ended_at: endedAt?.toISOString() ?? null,
    duration_seconds: duration,
  };
}
