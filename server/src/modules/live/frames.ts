/** What a client may send on /ws/notifications/ (the contract's schema). */
export { clientFrame } from '@zura/contracts';

/**
 * Every close code the server gives a /ws/notifications/ socket, so clients can tell why
 * (docs/live-protocol.md, "Close codes"; its test keeps the two alike). A client sees 1006 when
 * the connection dropped without a close frame: the network, or a missed heartbeat.
 */
export const CLOSE = {
  /** A token refused or run out, a frame before `auth`, or the session ended. */
  authFailed: 4401,
  authTimeout: 4408,
  originRefused: 4403,
  badFrame: 4400,
  frameTooLarge: 1009,
  goingAway: 1001,
} as const;

export const AUTH_TIMEOUT_MS = 10_000;
export const HEARTBEAT_MS = 30_000;
export const MAX_FRAME_BYTES = 4096;
export const REPLAY_LIMIT = 200;
