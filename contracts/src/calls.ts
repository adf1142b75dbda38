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
