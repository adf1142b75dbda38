import type { callTicket } from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';

/** The server serializes through the contract's schema, so its type is the answer's shape. */
export type CallTicket = z.infer<typeof callTicket>;

/** POST /calls/ticket/: the signalling server accepts only the ticket's own peer id. */
export function requestCallTicket(roomId: string, signal?: AbortSignal): Promise<CallTicket> {
  return api.post<CallTicket>('/calls/ticket/', { room_id: roomId }, { signal });
}
