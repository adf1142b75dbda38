import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from './api-errors';
import {
  SESSION_STORAGE_KEY,
  clearSession,
  endedByLogout,
  getAccessToken,
  getSession,
  getUserId,
  isAccessExpiring,
  logout,
  proactiveRefreshDueAt,
  refreshSession,
  setSession,
} from './session';
import { accessToken, fakeFetch, jsonResponse, memoryStorage } from './test-helpers';

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('navigator', {}); // no Web Locks: exercise the in-tab single flight alone
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('stored session', () => {
  it('lives under the key "user" as {access, refresh}', () => {
    const access = accessToken(7, 60);
    setSession({ access, refresh: 'r1' });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '')).toEqual({
      access,
      refresh: 'r1',
    });
    expect(getSession()).toEqual({ access, refresh: 'r1' });
  });

  it('reads the user id from the access token claim user_id', () => {
    setSession({ access: accessToken(42, 60), refresh: 'r' });
    expect(getUserId()).toBe(42);
    clearSession();
    expect(getUserId()).toBeNull();
  });

  it('ignores malformed storage', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{nope');
    expect(getSession()).toBeNull();
  });
});

describe('expiry', () => {
  const now = Date.UTC(2030, 0, 1);

  it('counts a token as expired within 5 minutes of its expiry', () => {
    expect(isAccessExpiring(accessToken(1, 6, now), now)).toBe(false);
    expect(isAccessExpiring(accessToken(1, 4, now), now)).toBe(true);
    expect(isAccessExpiring('garbage', now)).toBe(true);
  });

  it('schedules the proactive refresh 45 minutes after issue', () => {
    expect(proactiveRefreshDueAt(accessToken(1, 60, now))).toBe(now + 45 * 60_000);
    // A short-lived token is refreshed before it counts as expired.
    expect(proactiveRefreshDueAt(accessToken(1, 20, now))).toBe(now + 15 * 60_000);
  });
});

describe('refreshSession', () => {
  it('shares one request between concurrent callers', async () => {
    const stale = accessToken(3, 2);
    const fresh = accessToken(3, 60);
    setSession({ access: stale, refresh: 'r1' });
    const { calls, fetchStub } = fakeFetch(() =>
      jsonResponse(200, { access: fresh, refresh: 'r2' }),
    );
    vi.stubGlobal('fetch', fetchStub);

    const results = await Promise.all([
      refreshSession(stale),
      refreshSession(stale),
      getAccessToken(),
    ]);

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/auth/token/refresh/', body: { refresh: 'r1' } });
    expect(results[0]?.access).toBe(fresh);
    expect(results[2]).toBe(fresh);
    expect(getSession()).toEqual({ access: fresh, refresh: 'r2' });
  });

  it('does not spend the refresh token again when someone already refreshed', async () => {
    const fresh = accessToken(3, 60);
    setSession({ access: fresh, refresh: 'r2' });
    const { calls, fetchStub } = fakeFetch(() => jsonResponse(500, {}));
    vi.stubGlobal('fetch', fetchStub);

    expect(await refreshSession(accessToken(3, 1))).toEqual({ access: fresh, refresh: 'r2' });
    expect(calls).toHaveLength(0);
  });

  it('keeps the old refresh token when the answer has none', async () => {
    const stale = accessToken(3, 2);
    const fresh = accessToken(3, 60);
    setSession({ access: stale, refresh: 'r1' });
    vi.stubGlobal('fetch', fakeFetch(() => jsonResponse(200, { access: fresh })).fetchStub);
    await refreshSession(stale);
    expect(getSession()).toEqual({ access: fresh, refresh: 'r1' });
  });

  it('on rejection clears the session and sends a logout call', async () => {
    const stale = accessToken(3, 2);
    setSession({ access: stale, refresh: 'r1' });
    const { calls, fetchStub } = fakeFetch((call) =>
      call.url.endsWith('/refresh/')
        ? jsonResponse(401, { detail: 'Token is invalid or expired' })
        : jsonResponse(200, { message: 'Logged out.' }),
    );
    vi.stubGlobal('fetch', fetchStub);

    expect(await refreshSession(stale)).toBeNull();
    expect(getSession()).toBeNull();
    expect(endedByLogout()).toBe(false);
    expect(calls[1]).toMatchObject({ url: '/api/auth/logout/', body: { refresh: 'r1' } });
  });

  it('keeps the session when the network fails', async () => {
    const stale = accessToken(3, 2);
    setSession({ access: stale, refresh: 'r1' });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));

    await expect(refreshSession(stale)).rejects.toBeInstanceOf(NetworkError);
    expect(getSession()).toEqual({ access: stale, refresh: 'r1' });
  });
});

describe('logout', () => {
  it('clears the session at once and revokes the refresh token', async () => {
    setSession({ access: accessToken(3, 60), refresh: 'r1' });
    const { calls, fetchStub } = fakeFetch(() => jsonResponse(200, { message: 'Logged out.' }));
    vi.stubGlobal('fetch', fetchStub);

    await logout();
    expect(getSession()).toBeNull();
    expect(endedByLogout()).toBe(true);
    expect(calls).toEqual([
      expect.objectContaining({ url: '/api/auth/logout/', body: { refresh: 'r1' } }),
    ]);
  });
});
