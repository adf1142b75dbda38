/**
 * The notification socket's rules (spec §4 "Notification socket", §7, §9), as pure data and
 * functions so they can be tested without a socket.
 */

/** Health check before connecting: GET /api/ with a 3 s timeout, 2 tries 0.5 s apart. */
export const HEALTH_TIMEOUT_MS = 3_000;
export const HEALTH_ATTEMPTS = 2;
export const HEALTH_RETRY_DELAY_MS = 500;

/** The socket closes while the page is hidden and reconnects this long after it is visible. */
export const VISIBLE_RECONNECT_DELAY_MS = 500;

/** An abnormal close reconnects at most this many times, 2 s × the attempt number apart. */
export const MAX_RECONNECT_ATTEMPTS = 5;
const RECONNECT_STEP_MS = 2_000;

/**
 * Not in the spec: the client sends `ping` this often and treats a socket that has been
 * silent for two intervals as dropped (a sleeping laptop never fires `close` by itself).
 */
export const PING_INTERVAL_MS = 25_000;

/** The spec's fallback polls, which run only while the socket is not live. */
export const POLL_MS = {
  conversations: 1_500,
  notifications: 1_500,
  messages: 3_000,
} as const;

export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  /** Reported by the browser when the connection dropped without a close frame. */
  abnormal: 1006,
  badFrame: 4400,
  authFailed: 4401,
  originRefused: 4403,
} as const;

/** A close code of our own when the client gives up on a silent socket. */
export const CLIENT_TIMEOUT_CODE = 4000;

export function reconnectDelay(attempt: number): number {
  return RECONNECT_STEP_MS * attempt;
}

type StopReason = 'closed' | 'network' | 'refused' | 'auth' | 'exhausted';

export type CloseDecision =
  | { action: 'stop'; reason: StopReason }
  /** 4401: refresh the access token once, then connect again at once. */
  | { action: 'refresh' }
  | { action: 'reconnect'; attempt: number; delayMs: number };

export interface CloseState {
  /** Reconnects already made since the socket was last live. */
  attempts: number;
  /** Whether a 4401 already led to a token refresh in this run. */
  authRetried: boolean;
}

/**
 * What to do after the socket closed with `code`:
 * - 1000/1001 (a normal close, e.g. the server shutting down): stop;
 * - 1006 (network): stop, as the spec says; the fallback polls keep the page current;
 * - 4401 (token refused): refresh once and reconnect, stop when it happens again;
 * - 4403 (origin) and 4400 (bad frame): stop, another try would be refused the same way;
 * - anything else: reconnect up to 5 times with a delay of 2 s × the attempt number.
 */
export function decideOnClose(code: number, state: CloseState): CloseDecision {
  if (code === CLOSE_CODES.normal || code === CLOSE_CODES.goingAway) {
    return { action: 'stop', reason: 'closed' };
  }
  if (code === CLOSE_CODES.abnormal) return { action: 'stop', reason: 'network' };
  if (code === CLOSE_CODES.authFailed) {
    return state.authRetried ? { action: 'stop', reason: 'auth' } : { action: 'refresh' };
  }
  if (code === CLOSE_CODES.originRefused || code === CLOSE_CODES.badFrame) {
    return { action: 'stop', reason: 'refused' };
  }
  const attempt = state.attempts + 1;
  if (attempt > MAX_RECONNECT_ATTEMPTS) return { action: 'stop', reason: 'exhausted' };
  return { action: 'reconnect', attempt, delayMs: reconnectDelay(attempt) };
}

/** `ws(s)://<host>/ws/notifications/` of the page's own origin. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws/notifications/`;
}
