import type { Database } from '../../db/client.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isBlockedEitherWay } from '../blocks/index.ts';
import { findConversationByPair } from '../messaging/index.ts';
import { iceServersFor } from './ice.ts';
import { parseRoom, type TicketSigner } from './tickets.ts';

export type CallsService = ReturnType<typeof createCallsService>;

export const PEER_KEY = 'peerjs';
export const PEER_PATH = '/peerjs';

export function createCallsService(deps: {
  db: Database;
  tickets: TicketSigner;
  ice: { stunUrls: string[]; turnUrls: string[]; turnSecret: string | undefined };
}) {
  return {
    /**
     * A ticket for the caller's own peer id in a room of a conversation they take part in, good
     * while the caller's session lasts.
     */
    async ticket(userId: number, sessionId: number, roomId: string) {
      const room = parseRoom(roomId);
      if (!room || !room.includes(userId)) {
        throw new BadRequestError('Not a call room of yours: use room_{smaller id}_{larger id}.');
      }
      const [low, high] = room;
      const conversation = await findConversationByPair(deps.db, low, high);
      if (!conversation) throw new NotFoundError('Start a conversation before calling.');
      if (await isBlockedEitherWay(deps.db, low, high)) {
        throw new ForbiddenError('You cannot call this user.');
      }
      const peerId = `${roomId}_${userId}`;
      return {
        room_id: roomId,
        peer_id: peerId,
        token: deps.tickets.issue(peerId, sessionId),
        key: PEER_KEY,
        path: PEER_PATH,
        ice_servers: iceServersFor(userId, deps.ice),
      };
    },
  };
}
