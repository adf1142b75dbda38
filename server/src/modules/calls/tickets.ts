import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a call ticket lets its holder (re)connect to the signalling server. */
const TICKET_LIFETIME_SECONDS = 60 * 60;

const ROOM_PATTERN = /^room_(\d{1,15})_(\d{1,15})$/;
const PEER_PATTERN = /^(room_\d{1,15}_\d{1,15})_(\d{1,15})$/;

/** `room_{smaller}_{larger}` → the two user ids, or undefined when malformed or unordered. */
export function parseRoom(roomId: string): [number, number] | undefined {
  const match = ROOM_PATTERN.exec(roomId);
  if (!match) return undefined;
  const low = Number(match[1]);
  const high = Number(match[2]);
  return low < high ? [low, high] : undefined;
}

/** `{roomId}_{userId}` → its parts, when the user is one of the room's two. */
export function parsePeerId(peerId: string): { roomId: string; userId: number } | undefined {
  const match = PEER_PATTERN.exec(peerId);
  if (!match?.[1] || !match[2]) return undefined;
  const room = parseRoom(match[1]);
  const userId = Number(match[2]);
  if (!room || !room.includes(userId)) return undefined;
  return { roomId: match[1], userId };
}

/**
 * A ticket binds one peer id to its user and session for an hour. The PeerJS client sends it as
 * its token; the signalling server accepts a connection only for the peer id the ticket names,
 * while the session lasts (and drops it when the session ends).
 */
export function createTicketSigner(key: Uint8Array) {
  const sign = (peerId: string, sessionId: number, exp: number) =>
    createHmac('sha256', key).update(`peer:${peerId}:${sessionId}:${exp}`).digest('base64url');
  return {
    issue(peerId: string, sessionId: number, now = Date.now()): string {
      const exp = Math.floor(now / 1000) + TICKET_LIFETIME_SECONDS;
      return `${exp}.${sessionId}.${sign(peerId, sessionId, exp)}`;
    },
    /** The session a valid, unexpired ticket for `peerId` was issued to; undefined otherwise. */
    verify(peerId: string, ticket: string, now = Date.now()): number | undefined {
      const [expText, sessionText, sig] = ticket.split('.');
      if (!expText || !sessionText || !sig) return undefined;
      if (!/^\d{1,12}$/.test(expText) || !/^[1-9]\d{0,15}$/.test(sessionText)) return undefined;
      const exp = Number(expText);
      const sessionId = Number(sessionText);
      if (exp <= Math.floor(now / 1000) || !Number.isSafeInteger(sessionId)) return undefined;
      const expected = Buffer.from(sign(peerId, sessionId, exp));
      const given = Buffer.from(sig);
      const valid = expected.length === given.length && timingSafeEqual(expected, given);
      return valid ? sessionId : undefined;
    },
  };
}

export type TicketSigner = ReturnType<typeof createTicketSigner>;
