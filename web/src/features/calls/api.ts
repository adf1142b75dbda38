import { z } from 'zod';
import { api } from '../../lib/api';

const iceServer = z.looseObject({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

const callTicket = z.looseObject({
  room_id: z.string(),
  peer_id: z.string(),
  token: z.string(),
  key: z.string(),
  path: z.string().default('/peerjs'),
  ice_servers: z.array(iceServer).default([]),
});
export type CallTicket = z.infer<typeof callTicket>;

/** POST /calls/ticket/: the signalling server accepts only the ticket's own peer id. */
export function requestCallTicket(roomId: string, signal?: AbortSignal): Promise<CallTicket> {
  return api.post('/calls/ticket/', { room_id: roomId }, { schema: callTicket, signal });
}
