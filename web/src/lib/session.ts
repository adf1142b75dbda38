import { jwtDecode } from 'jwt-decode';
import type { AccessClaims, TokenPair } from '@zura/contracts';
import { ApiError, NetworkError } from './api-errors';

/**
 * The stored session (spec: key 'user', access and refresh token) and everything that keeps
 * it fresh. The server rotates the refresh token on every use and treats a reused one as
 * theft (it revokes the whole family), so every refresh in this tab goes through one shared
 * promise, and refreshes across tabs are serialised with the Web Locks API where available.
 */

export type Session = TokenPair;

export const SESSION_STORAGE_KEY = 'user';
/** An access token counts as expired when it has less than this left. */
const ACCESS_REFRESH_THRESHOLD_MS = 5 * 60 * 1000;
/** Proactive refresh cadence. */
const PROACTIVE_REFRESH_INTERVAL_MS = 45 * 60 * 1000;
/** After a refresh that failed for a transient reason (offline, 5xx), try again this much later. */
const TRANSIENT_RETRY_MS = 60 * 1000;
/** Spreads the proactive timers of several open tabs so they rarely fire at the same moment. */
const PROACTIVE_JITTER_MS = 20 * 1000;
/** setTimeout overflows above 2^31-1 ms. */
const MAX_TIMEOUT_MS = 2_147_483_647;
const REFRESH_LOCK_NAME = 'zura-session-refresh';

/*
 * The shapes below are checked by hand, not with the contracts' zod schemas: this module is on
 * every page's first load, and zod (~22 KiB compressed) must not be (issue 20, bundle budget).
 */
function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** A stored session: `{access, refresh}`, both strings (the contracts' `tokenPair`). */
function asTokenPair(value: unknown): TokenPair | null {
  const access = field(value, 'access');
  const refresh = field(value, 'refresh');
  return typeof access === 'string' && typeof refresh === 'string' ? { access, refresh } : null;
}

/** A refresh answer: a new access token, and a new refresh token when the server rotates it. */
function asRefreshAnswer(value: unknown): { access: string; refresh?: string } | null {
  const access = field(value, 'access');
  const refresh = field(value, 'refresh');
  if (typeof access !== 'string') return null;
  if (refresh === undefined) return { access };
  return typeof refresh === 'string' ? { access, refresh } : null;
}

/** Access-token claims: numeric `user_id`, `exp`, `iat` (the contracts' `accessClaims`). */
function asAccessClaims(value: unknown): AccessClaims | null {
  const [userId, exp, iat] = ['user_id', 'exp', 'iat'].map((key) => field(value, key));
  return typeof userId === 'number' && typeof exp === 'number' && typeof iat === 'number'
    ? { user_id: userId, exp, iat }
    : null;
}

// ---------------------------------------------------------------------------------------------
// Storage

let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;
const listeners = new Set<() => void>();
/** True after the user chose Logout, until the next sign-in. */
let endedByUser = false;

/** Whether the session ended by the user's own Logout (the guard then forgets the page). */
export function endedByLogout(): boolean {
  return endedByUser;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    return asTokenPair(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The current session, read from storage; the same object while storage is unchanged. */
export function getSession(): Session | null {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parseSession(raw);
  }
  return cachedSession;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setSession(pair: Session): void {
  endedByUser = false;
  storage()?.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ access: pair.access, refresh: pair.refresh }),
  );
  notify();
}

export function clearSession(): void {
  storage()?.removeItem(SESSION_STORAGE_KEY);
  notify();
}

// ---------------------------------------------------------------------------------------------
// Token claims

function readClaims(access: string): AccessClaims | null {
  try {
    return asAccessClaims(jwtDecode(access));
  } catch {
    return null;
  }
}

/** The signed-in user's id (claim `user_id`), or null when signed out. */
export function getUserId(session: Session | null = getSession()): number | null {
  return session ? (readClaims(session.access)?.user_id ?? null) : null;
}

/** True when the token is unreadable or has less than five minutes left. */
export function isAccessExpiring(access: string, now = Date.now()): boolean {
  const claims = readClaims(access);
  return !claims || claims.exp * 1000 - now < ACCESS_REFRESH_THRESHOLD_MS;
}

/** When the proactive refresh of this token is due: 45 minutes after issue, or on expiry. */
export function proactiveRefreshDueAt(access: string): number {
  const claims = readClaims(access);
  if (!claims) return 0;
  return Math.min(
    claims.iat * 1000 + PROACTIVE_REFRESH_INTERVAL_MS,
    claims.exp * 1000 - ACCESS_REFRESH_THRESHOLD_MS,
  );
}

// ---------------------------------------------------------------------------------------------
// Refresh and logout

let inFlight: Promise<Session | null> | null = null;

function withCrossTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  // Web Locks exist only in secure contexts (https or localhost); elsewhere the in-tab
  // single flight and the timer jitter are the protection.
  return locks ? locks.request(REFRESH_LOCK_NAME, task) : task();
}

function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(`/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  });
}

/** Tells the server to revoke a refresh token; best effort, never throws. */
function revokeRefreshToken(refresh: string): Promise<void> {
  return postJson('/auth/logout/', { refresh }).then(
    () => undefined,
    () => undefined,
  );
}

/** Spec: on refresh failure the session is cleared and a logout call is sent. */
function endSession(refresh: string): void {
  clearSession();
  void revokeRefreshToken(refresh);
}

async function performRefresh(staleAccess: string): Promise<Session | null> {
  const current = getSession();
  if (!current) return null;
  // Another caller or another tab refreshed while we waited for the lock: use its result
  // instead of spending the (already rotated) refresh token a second time.
  if (current.access !== staleAccess) return current;

  let response: Response;
  try {
    response = await postJson('/auth/token/refresh/', { refresh: current.refresh });
  } catch (error) {
    throw new NetworkError(error); // offline: keep the session, a later attempt may succeed
  }
  if (response.ok) {
    const answer = asRefreshAnswer(await response.json().catch(() => null));
    if (answer) {
      const next = { access: answer.access, refresh: answer.refresh ?? current.refresh };
      setSession(next);
      return next;
    }
    endSession(current.refresh);
    return null;
  }
  if (response.status >= 500 || response.status === 429) {
    // The server is struggling, not rejecting us: keep the session.
    throw new ApiError(response.status, await response.json().catch(() => null));
  }
  endSession(current.refresh);
  return null;
}

/**
 * Exchanges the refresh token for a new pair, unless `staleAccess` is no longer the stored
 * access token (someone already refreshed). Concurrent callers share one request. Resolves
 * to the fresh session, or null when the server refused and the session has been ended.
 * Throws NetworkError/ApiError for transient failures, keeping the session.
 */
export function refreshSession(staleAccess: string): Promise<Session | null> {
  inFlight ??= withCrossTabLock(() => performRefresh(staleAccess)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** An access token good for at least five more minutes, refreshing first if needed. */
export async function getAccessToken(): Promise<string | null> {
  const session = getSession();
  if (!session) return null;
  if (!isAccessExpiring(session.access)) return session.access;
  const refreshed = await refreshSession(session.access);
  return refreshed?.access ?? null;
}

/** Explicit logout: forget the tokens now, then tell the server to revoke the refresh token. */
export function logout(): Promise<void> {
  const session = getSession();
  endedByUser = true;
  clearSession();
  return session ? revokeRefreshToken(session.refresh) : Promise.resolve();
}

// ---------------------------------------------------------------------------------------------
// Background upkeep

/**
 * Keeps the session fresh while the app runs: proactive refresh every 45 minutes (timed from
 * the token's issue, so several tabs share one cadence), a check when the tab becomes
 * visible, and cross-tab sync via the `storage` event. Returns a cleanup function.
 */
export function startSessionUpkeep(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const refreshIfDue = async (): Promise<void> => {
    const session = getSession();
    if (!session || Date.now() < proactiveRefreshDueAt(session.access)) return;
    try {
      await refreshSession(session.access);
    } catch {
      clearTimeout(timer);
      timer = setTimeout(() => void refreshIfDue(), TRANSIENT_RETRY_MS);
    }
  };

  const schedule = (): void => {
    clearTimeout(timer);
    const session = getSession();
    if (!session) return;
    const jitter = Math.random() * PROACTIVE_JITTER_MS;
    const delay = proactiveRefreshDueAt(session.access) - Date.now() + jitter;
    timer = setTimeout(() => void refreshIfDue(), Math.min(Math.max(delay, 0), MAX_TIMEOUT_MS));
  };

  const handleStorage = (event: StorageEvent): void => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) notify();
  };
  const handleVisibility = (): void => {
    if (document.visibilityState === 'visible') void refreshIfDue();
  };

  const unsubscribe = subscribeSession(schedule);
  window.addEventListener('storage', handleStorage);
  document.addEventListener('visibilitychange', handleVisibility);
  schedule();
  void refreshIfDue();

  return () => {
    unsubscribe();
    clearTimeout(timer);
    window.removeEventListener('storage', handleStorage);
    document.removeEventListener('visibilitychange', handleVisibility);
  };
}
