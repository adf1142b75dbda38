import type { CallSummary, callTicket } from '@zura/contracts';
import type { z } from 'zod';
import { client } from '../../lib/api-client';

/** The server serializes through the contract's schema, so its type is the answer's shape. */
export type CallTicket = z.infer<typeof callTicket>;

/**
 * POST /calls/ticket/: the signalling server accepts only the ticket's own peer id. Naming the
 * call makes the server refuse one that is over (409), rather than wait for nobody.
 */
export function requestCallTicket(
  roomId: string,
  callId: number | undefined,
  signal?: AbortSignal,
): Promise<CallTicket> {
  const body = callId === undefined ? { room_id: roomId } : { room_id: roomId, call_id: callId };
  return client.POST('/api/calls/ticket/', { body, signal });
}

/** GET /calls/ringing/: the calls ringing for this user now (asked when the socket is back). */
export function fetchRingingCalls(): Promise<CallSummary[]> {
  return client.GET('/api/calls/ringing/');
}

/** POST /calls/{id}/answer/: the callee takes the call; every other tab stops ringing. */
export function answerCall(callId: number): Promise<CallSummary> {
  return client.POST('/api/calls/{id}/answer/', { path: { id: callId } });
}

/** POST /calls/{id}/decline/: the callee turns it down; it shows as missed. */
export function declineCall(callId: number): Promise<CallSummary> {
  return client.POST('/api/calls/{id}/decline/', { path: { id: callId } });
}

/**
 * POST /calls/{id}/end/: either side hangs up (missed while it rang, ended once answered).
 * `keepalive` for the hang-up of a tab that is closing.
 */
export function endCall(callId: number, keepalive = false): Promise<CallSummary> {
  return client.POST('/api/calls/{id}/end/', { path: { id: callId }, keepalive });
}
