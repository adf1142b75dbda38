/** What a client may send on /ws/notifications/ (the contract's schema). */
export { clientFrame } from '@zura/contracts';

/** Close codes, so clients can tell why. 1006 from the client side means the network. */
export const CLOSE = {
  authFailed: 4401,
  authTimeout: 4408,
  originRefused: 4403,
  badFrame: 4400,
} as const;

export const AUTH_TIMEOUT_MS = 10_000;
export const HEARTBEAT_MS = 30_000;
export const MAX_FRAME_BYTES = 4096;
export const REPLAY_LIMIT = 200;
