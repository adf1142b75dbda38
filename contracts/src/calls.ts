import { z } from 'zod';

/** A STUN or TURN server for a call; TURN carries time-limited credentials. */
export const iceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});

/** POST /api/calls/ticket/: what the caller's browser needs to join the signalling server. */
export const callTicket = z.object({
  room_id: z.string(),
  peer_id: z.string(),
  token: z.string(),
  key: z.string(),
  path: z.string(),
  ice_servers: z.array(iceServer),
});

/** Where a call is (issue 32): only a ringing or answered call can be joined. */
export const CALL_STATES = ['ringing', 'answered', 'ended', 'missed'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** A call rings this long; unanswered by then it is missed (the push of it lives as long). */
export const CALL_RING_SECONDS = 60;

/** The refusal to answer or join a call that is over. */
export const CALL_OVER = 'This call has ended.';

/**
 * A call as the chat and the ringing overlay show it: on its announcement message, in the
 * `call` live frame to both sides at each change, and as the answer of its actions.
 */
export const callSummary = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  message_id: z.number().int(),
  room_id: z.string(),
  /** Null once that user deleted their account. */
  caller_id: z.number().int().nullable(),
  caller_username: z.string().nullable(),
  callee_id: z.number().int().nullable(),
  state: z.enum(CALL_STATES),
  started_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Whole seconds from answer to end; null unless it was answered and has ended. */
  duration_seconds: z.number().int().nullable(),
});
export type CallSummary = z.infer<typeof callSummary>;
