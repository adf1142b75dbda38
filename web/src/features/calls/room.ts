/** Spec §7: room id `room_{smaller user id}_{larger user id}`, peer ids `{roomId}_{userId}`. */
export function roomIdFor(a: number, b: number): string {
  return `room_${Math.min(a, b)}_${Math.max(a, b)}`;
}

export function peerIdFor(roomId: string, userId: number): string {
  return `${roomId}_${userId}`;
}

const ROOM_PATTERN = /^room_(\d{1,15})_(\d{1,15})$/;

/** The two user ids of a well-formed room id (smaller first), else undefined. */
export function parseRoomId(roomId: string): [number, number] | undefined {
  const match = ROOM_PATTERN.exec(roomId);
  if (!match) return undefined;
  const low = Number(match[1]);
  const high = Number(match[2]);
  return low < high ? [low, high] : undefined;
}

/** The other participant of a room the user belongs to, else undefined. */
export function otherUserInRoom(roomId: string, selfId: number): number | undefined {
  const users = parseRoomId(roomId);
  if (!users || !users.includes(selfId)) return undefined;
  return users[0] === selfId ? users[1] : users[0];
}

/** Spec §4: the user with the lower id places the call (and re-dials after a drop). */
export function isInitiator(selfId: number, otherId: number): boolean {
  return selfId < otherId;
}

/** Spec §4 and §9 timings. */
export const CALL_TIMINGS = {
  /** The lower id calls this long after joining. */
  startDelayMs: 2_000,
  /** After `peer-unavailable` the caller tries again this much later. */
  retryDelayMs: 3_000,
  /** After a dropped call the lower id re-dials this much later. */
  redialDelayMs: 3_000,
  /** After losing the signalling server, reconnect this much later. */
  signallingReconnectMs: 1_000,
  /** Time for the "end" message to leave before the connection is torn down. */
  hangUpFlushMs: 400,
} as const;

/** The data message that tells the other side the call was ended on purpose. */
export const END_CALL_MESSAGE = { type: 'end-call' } as const;

export function isEndCallMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === END_CALL_MESSAGE.type
  );
}

/** Relay-only transport (spec §7) when a TURN server is offered; direct otherwise. */
export function iceTransportPolicyFor(
  servers: readonly { urls: string | readonly string[] }[],
): RTCIceTransportPolicy {
  const urls = servers.flatMap((server) =>
    typeof server.urls === 'string' ? [server.urls] : [...server.urls],
  );
  return urls.some((url) => /^turns?:/i.test(url)) ? 'relay' : 'all';
}
