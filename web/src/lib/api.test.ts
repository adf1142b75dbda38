import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { requestWithHeaders } from './api';
import { ApiError, InvalidResponseError } from './api-errors';
import { getSession, setSession } from './session';
import { accessToken, fakeFetch, jsonResponse, memoryStorage } from './test-helpers';

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('navigator', {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const get = async (url: string, flags: { auth?: boolean } = {}) =>
  (await requestWithHeaders(url, { method: 'GET', ...flags })).data;
const post = async (
  url: string,
  body: unknown,
  flags: { auth?: boolean; headers?: Record<string, string> } = {},
) => (await requestWithHeaders(url, { method: 'POST', body, ...flags })).data;

describe('requestWithHeaders, the one request function of the typed client', () => {
  it('sends the bearer token and parses with the schema', async () => {
    const access = accessToken(1, 60);
    setSession({ access, refresh: 'r1' });
    const { calls, fetchStub } = fakeFetch(() => jsonResponse(200, { id: 1, extra: true }));
    vi.stubGlobal('fetch', fetchStub);

    const { data } = await requestWithHeaders(
      '/api/things/',
      { method: 'GET' },
      z.object({ id: z.number() }),
    );
    expect(data).toEqual({ id: 1 });
    expect(calls[0]).toMatchObject({ url: '/api/things/', authorization: `Bearer ${access}` });
  });

  it('answers the headers beside the body', async () => {
    setSession({ access: accessToken(1, 60), refresh: 'r1' });
    const link = '</api/posts/?limit=20&before=abc>; rel="next"';
    vi.stubGlobal(
      'fetch',
      fakeFetch(
        () =>
          new Response(JSON.stringify([{ id: 1 }]), {
            status: 200,
            headers: { 'Content-Type': 'application/json', Link: link },
          }),
      ).fetchStub,
    );
    const { data, headers } = await requestWithHeaders(
      '/api/posts/?limit=20',
      { method: 'GET' },
      z.array(z.object({ id: z.number() })),
    );
    expect(data).toEqual([{ id: 1 }]);
    expect(headers.get('Link')).toBe(link);
  });

  it('sends extra headers such as an Idempotency-Key, also on the retry after a 401', async () => {
    const first = accessToken(1, 60);
    const second = accessToken(1, 61);
    setSession({ access: first, refresh: 'r1' });
    let paid = 0;
    const { calls, fetchStub } = fakeFetch((call) => {
      if (call.url.endsWith('/refresh/'))
        return jsonResponse(200, { access: second, refresh: 'r2' });
      paid += 1;
      return paid === 1 ? jsonResponse(401, {}) : jsonResponse(201, { ok: true });
    });
    vi.stubGlobal('fetch', fetchStub);

    await post('/api/tips/', { amount: '5.00' }, { headers: { 'Idempotency-Key': 'key-12345' } });
    const payments = calls.filter((c) => c.url === '/api/tips/');
    expect(payments.map((c) => c.headers.get('Idempotency-Key'))).toEqual([
      'key-12345',
      'key-12345',
    ]);
    expect(payments[1]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('omits the token for public calls', async () => {
    setSession({ access: accessToken(1, 60), refresh: 'r1' });
    const { calls, fetchStub } = fakeFetch(() => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchStub);
    await post('/api/auth/token/', { email: 'a@b.c', password: 'x' }, { auth: false });
    expect(calls[0]?.authorization).toBeNull();
  });

  it('refreshes an expiring token before the request', async () => {
    const stale = accessToken(1, 3);
    const fresh = accessToken(1, 60);
    setSession({ access: stale, refresh: 'r1' });
    const { calls, fetchStub } = fakeFetch((call) =>
      call.url.endsWith('/refresh/')
        ? jsonResponse(200, { access: fresh, refresh: 'r2' })
        : jsonResponse(200, []),
    );
    vi.stubGlobal('fetch', fetchStub);

    await Promise.all([get('/api/a/'), get('/api/b/'), get('/api/c/')]);
    expect(calls.filter((c) => c.url.endsWith('/refresh/'))).toHaveLength(1);
    expect(calls.filter((c) => !c.url.endsWith('/refresh/')).map((c) => c.authorization)).toEqual([
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
    ]);
  });

  it('answers a 401 with one refresh and one retry', async () => {
    const first = accessToken(1, 60);
    const second = accessToken(1, 61);
    setSession({ access: first, refresh: 'r1' });
    const { calls, fetchStub } = fakeFetch((call) => {
      if (call.url.endsWith('/refresh/'))
        return jsonResponse(200, { access: second, refresh: 'r2' });
      return call.authorization === `Bearer ${second}`
        ? jsonResponse(200, { ok: true })
        : jsonResponse(401, { detail: 'Given token not valid for any token type' });
    });
    vi.stubGlobal('fetch', fetchStub);

    expect(await get('/api/me/')).toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/me/', '/api/auth/token/refresh/', '/api/me/']);
  });

  it('does not retry twice and ends the session when the refresh is refused', async () => {
    setSession({ access: accessToken(1, 60), refresh: 'r1' });
    const { calls, fetchStub } = fakeFetch((call) =>
      call.url.endsWith('/logout/') ? jsonResponse(200, {}) : jsonResponse(401, { detail: 'no' }),
    );
    vi.stubGlobal('fetch', fetchStub);

    await expect(get('/api/me/')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/me/',
      '/api/auth/token/refresh/',
      '/api/auth/logout/',
    ]);
  });

  it('throws ApiError with the body for other failures', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => jsonResponse(400, { email: ['Please enter a valid email address'] }))
        .fetchStub,
    );
    const error = await post('/api/auth/signup/', {}, { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual({ email: ['Please enter a valid email address'] });
  });

  it('rejects a 2xx body that breaks the contract', async () => {
    vi.stubGlobal('fetch', fakeFetch(() => jsonResponse(200, { id: 'x' })).fetchStub);
    await expect(
      requestWithHeaders('/api/x/', { method: 'GET', auth: false }, z.object({ id: z.number() })),
    ).rejects.toBeInstanceOf(InvalidResponseError);
  });
});
